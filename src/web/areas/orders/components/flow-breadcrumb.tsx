import { Anchor, Box, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import type { TOrder } from '@/domain/orders/order.schemas';
import type { TFlowStep } from '../flow/flow-steps';
import { canOpenStep, FLOW_STEPS } from '../flow/flow-steps';

interface FlowBreadcrumbProps {
  order: TOrder;
  current: TFlowStep;
}

/**
 * Forside, Produkter, Kontaktinformation, Tid og sted, Bekræftelse: a step is a link once every
 * step before it validates; the current step is marked, the unreachable ones are dimmed.
 */
export function FlowBreadcrumb({ order, current }: FlowBreadcrumbProps) {
  return (
    <Box component="nav" aria-label="Trin" mb="sm">
      <Box
        component="ol"
        m={0}
        p={0}
        style={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 6, rowGap: 2 }}
      >
        {FLOW_STEPS.map((step, index) => {
          const isCurrent = step.step === current;
          const open = canOpenStep(order, step.step);
          return (
            <Fragment key={step.step}>
              {index > 0 ? (
                <Box component="li" aria-hidden style={{ display: 'flex' }} c="dimmed">
                  <IconChevronRight size={14} />
                </Box>
              ) : null}
              <Box component="li">
                {isCurrent ? (
                  <Text span size="sm" fw={700} aria-current="step">
                    {step.label}
                  </Text>
                ) : open ? (
                  <Anchor component={Link} to={step.path} size="sm">
                    {step.label}
                  </Anchor>
                ) : (
                  <Text span size="sm" c="dimmed" aria-disabled="true">
                    {step.label}
                  </Text>
                )}
              </Box>
            </Fragment>
          );
        })}
      </Box>
    </Box>
  );
}
