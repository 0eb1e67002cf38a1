import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import type { TOrder } from '@/domain/orders/order.schemas';
import { SignaturePad } from '../../../components/signature-pad';
import { notify } from '../../../lib/notify';
import { documentTemplateUrl } from '../../documents';
import { useSignDisclaimer } from '../api';

interface DisclaimerDialogProps {
  opened: boolean;
  order: TOrder;
  onClose: () => void;
  /** The link to the signed PDF (the server has stored it on the order). */
  onSigned: (link: string) => void;
}

/** The ADAS disclaimer ('Kalibreringsudfordringer'): the customer signs on a 450x85 pad; the server stamps it into the PDF. */
export function DisclaimerDialog({ opened, order, onClose, onSigned }: DisclaimerDialogProps) {
  const [signature, setSignature] = useState<Blob | null>(null);
  const sign = useSignDisclaimer();
  const submit = () => {
    if (!signature) return;
    sign.mutate(
      { orderId: order.additionalData.orderId, png: signature },
      {
        onSuccess: (link) => {
          notify.success('Ansvarsfraskrivelsen er underskrevet');
          onSigned(link);
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Ansvarsfraskrivelse – kalibrering (ADAS)"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Luk dialogen' }}
    >
      <Stack gap="md">
        <Text size="sm">
          Bilen har førerassistentsystemer (ADAS), som skal kalibreres efter rudeskiftet. Kalibreringen kan ikke gennemføres med sikkerhed
          på denne bil. Kunden bekræfter med sin underskrift at være informeret om, at systemerne kan virke anderledes end før, og at
          Rudeplan ikke hæfter for fejl, der skyldes den manglende kalibrering.
        </Text>
        <Anchor href={documentTemplateUrl('adas')} target="_blank" rel="noreferrer" size="sm">
          <IconFileTypePdf size={14} /> Se ansvarsfraskrivelsen (PDF)
        </Anchor>
        {order.orderProperties.signCalibrationChallenges ? (
          <Anchor href={order.orderProperties.signCalibrationChallenges} target="_blank" rel="noreferrer" size="sm">
            Allerede underskrevet – åbn den underskrevne PDF
          </Anchor>
        ) : null}
        <SignaturePad width={450} height={85} label="Kundens underskrift" onChange={setSignature} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annuller
          </Button>
          <Button onClick={submit} disabled={!signature} loading={sign.isPending}>
            Underskriv
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
