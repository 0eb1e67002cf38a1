import { Alert, Anchor, Button, Center, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isSetGuid } from '@/domain/lib/guid';
import { PageHeader } from '../../../components/page-header';
import { notify } from '../../../lib/notify';
import { fetchOrder } from '../api';
import type { TFlowStep } from '../flow/flow-steps';
import { useFlowLeaveConfirmation } from '../flow/flow-leave-guard';
import { canOpenStep, FLOW_STEPS, nextStep, stepIndex } from '../flow/flow-steps';
import { useOrderFlow } from '../flow/order-flow-store';
import { FlowBreadcrumb } from './flow-breadcrumb';
import { FlowFooter } from './flow-footer';
import { LoadingStatus } from '../../../components/query-state';

/**
 * An existing order opened in the flow (`?orderId=` on a flow path, e.g. an offer request sent on
 * from its worksheet) replaces the order in progress once.
 */
function useOrderFromSearchParams(): boolean {
  const [params, setParams] = useSearchParams();
  const orderId = params.get('orderId');
  const { order, replace } = useOrderFlow();
  const [loading, setLoading] = useState(false);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!orderId || !isSetGuid(orderId) || started.current === orderId) return;
    started.current = orderId;
    if (order.additionalData.orderId === orderId) {
      setParams({}, { replace: true });
      return;
    }
    setLoading(true);
    fetchOrder(orderId)
      .then((loaded) => replace(loaded))
      .catch(() => notify.error('Loading order failed'))
      .finally(() => {
        setLoading(false);
        setParams({}, { replace: true });
      });
  }, [orderId, order.additionalData.orderId, replace, setParams]);

  return loading;
}

interface FlowPageProps {
  step: Exclude<TFlowStep, 'DASHBOARD'>;
  title: string;
  /** Under the title. */
  description?: ReactNode;
  /** Buttons next to the title. */
  actions?: ReactNode;
  /** Why Continue is disabled, when it is (a short Danish sentence). */
  continueHint?: string | null;
  /** Why Continue is disabled although the step's own rules pass (the department does not take the car); null when it is not. */
  continueBlocked?: string | null;
  /** Replaces the Continue button (the confirm step's own buttons). */
  footerAction?: ReactNode;
  /** The step may be shown before the earlier steps are done (a price enquiry on the products step). */
  openWithoutEarlierSteps?: boolean;
  children: ReactNode;
}

/** A step of the order flow: breadcrumb, title, the step, and the footer with Continue. */
export function FlowPage({
  step,
  title,
  description,
  actions,
  continueHint,
  continueBlocked = null,
  footerAction,
  openWithoutEarlierSteps,
  children,
}: FlowPageProps) {
  const { order } = useOrderFlow();
  const navigate = useNavigate();
  const loading = useOrderFromSearchParams();
  useFlowLeaveConfirmation();

  const current = FLOW_STEPS[stepIndex(step)]!;
  const next = nextStep(step);
  const earlierDone = canOpenStep(order, step);
  const reachable = earlierDone || openWithoutEarlierSteps === true;
  const done = current.isDone(order);
  const missing = FLOW_STEPS.find((s) => !s.isDone(order));
  const hint = !earlierDone && missing ? `Udfyld først trinnet ${missing.label}.` : (continueBlocked ?? (!done ? continueHint : null));

  let body: ReactNode = children;
  if (loading) {
    body = (
      <Center py="xl">
        <LoadingStatus label="Henter ordren" />
      </Center>
    );
  } else if (!reachable && missing) {
    body = (
      <Alert color="yellow" title="Et tidligere trin mangler">
        <Text size="sm">
          Udfyld først trinnet{' '}
          <Anchor component={Link} to={missing.path}>
            {missing.label}
          </Anchor>
          .
        </Text>
      </Alert>
    );
  }

  const action =
    footerAction ??
    (next ? (
      <Button
        rightSection={<IconArrowRight size={16} />}
        disabled={!done || !earlierDone || loading || continueBlocked !== null}
        onClick={() => navigate(next.path)}
      >
        Fortsæt
      </Button>
    ) : null);

  return (
    <>
      <FlowBreadcrumb order={order} current={step} />
      <PageHeader title={title} description={description} actions={actions} />
      {body}
      <FlowFooter
        order={order}
        action={reachable && !loading ? action : null}
        hint={reachable && !loading && !footerAction && next ? hint : null}
        compactAction={!footerAction}
      />
    </>
  );
}
