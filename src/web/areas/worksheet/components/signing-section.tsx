import { Anchor, Badge, Button, Group, Stack } from '@mantine/core';
import { IconCar, IconFileCertificate, IconSignature } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Section } from './section';

interface SignedLinksProps {
  disclaimer: string;
  loanCar: string;
}

/** The links to the signed PDFs (the ADAS disclaimer, the loan-car agreement), those the order has. */
export function SignedLinks({ disclaimer, loanCar }: SignedLinksProps) {
  if (!disclaimer && !loanCar) return null;
  return (
    <Group gap="lg">
      {disclaimer ? (
        <Anchor href={disclaimer} target="_blank" rel="noreferrer" size="sm">
          <IconFileCertificate size={14} /> Underskrevet ansvarsfraskrivelse (PDF)
        </Anchor>
      ) : null}
      {loanCar ? (
        <Anchor href={loanCar} target="_blank" rel="noreferrer" size="sm">
          <IconFileCertificate size={14} /> Underskrevet låneaftale (PDF)
        </Anchor>
      ) : null}
    </Group>
  );
}

interface SigningStepProps {
  label: string;
  icon: ReactNode;
  signed: boolean;
  onSign: () => void;
}

function SigningStep({ label, icon, signed, onSign }: SigningStepProps) {
  return (
    <Group gap="xs" wrap="wrap">
      <Button variant={signed ? 'default' : 'light'} leftSection={icon} onClick={onSign}>
        {label}
      </Button>
      <Badge variant="light" color={signed ? 'teal' : 'orange'} radius="sm" tt="none">
        {signed ? 'Underskrevet' : 'Ikke underskrevet'}
      </Badge>
    </Group>
  );
}

interface SigningSectionProps {
  /** The order's signed PDFs ('' when not signed). */
  disclaimer: string;
  loanCar: string;
  /** The signings the order may still take (an open, non-sale order; the loan agreement only with the free loan car). */
  mayDisclaim: boolean;
  mayLoanCar: boolean;
  onDisclaimer: () => void;
  onLoanCar: () => void;
}

/**
 * 'Underskrifter', a step of the phone's worksheet (issue 38): the customer signs the ADAS disclaimer and, with the
 * free loan car, the loan agreement where the fitter works, not from a menu; the signed PDFs are linked below.
 */
export function SigningSection({ disclaimer, loanCar, mayDisclaim, mayLoanCar, onDisclaimer, onLoanCar }: SigningSectionProps) {
  if (!mayDisclaim && !mayLoanCar && !disclaimer && !loanCar) return null;
  return (
    <Section title="Underskrifter" icon={<IconSignature size={20} />}>
      <Stack gap="sm">
        {mayDisclaim ? (
          <SigningStep
            label="Underskriv ansvarsfraskrivelse"
            icon={<IconSignature size={16} />}
            signed={disclaimer !== ''}
            onSign={onDisclaimer}
          />
        ) : null}
        {mayLoanCar ? (
          <SigningStep label="Underskriv låneaftale" icon={<IconCar size={16} />} signed={loanCar !== ''} onSign={onLoanCar} />
        ) : null}
        <SignedLinks disclaimer={disclaimer} loanCar={loanCar} />
      </Stack>
    </Section>
  );
}
