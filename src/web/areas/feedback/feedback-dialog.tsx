import { Alert, Button, FileInput, Group, Modal, Radio, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  FEEDBACK_DESCRIPTION_MAX,
  FEEDBACK_MESSAGES,
  FEEDBACK_TYPE_KEYS,
  FEEDBACK_TYPES,
  type TFeedbackType,
} from '@/domain/feedback/feedback';
import type { TOrder } from '@/domain/orders/order.schemas';
import { compressImage } from '../../lib/image-compression';
import { notify } from '../../lib/notify';
import { useCreateFeedback, useFitters } from './api';
import { FEEDBACK_NEEDS_WORKER, hasWorker } from './feedback-button';

interface FeedbackDialogProps {
  order: TOrder;
  opened: boolean;
  onClose: () => void;
}

/**
 * Feedback on the order's fitter: a type button, a sub-type, a comment, an optional image, 'Indsend'.
 * It sends only with type, sub-type, comment, order and fitter (document 2 section 5).
 */
export function FeedbackDialog({ order, opened, onClose }: FeedbackDialogProps) {
  const workerId = order.additionalData.worker;
  const withWorker = hasWorker(order);
  const fitters = useFitters(opened && withWorker);
  const workerName = fitters.data?.find((f) => f.id === workerId)?.name ?? '';
  const create = useCreateFeedback();
  const [type, setType] = useState<TFeedbackType | null>(null);
  const [subType, setSubType] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);

  useEffect(() => {
    if (!opened) return;
    setType(null);
    setSubType(null);
    setDescription('');
    setFile(null);
  }, [opened]);

  const ready = withWorker && type !== null && subType !== null && description.trim() !== '' && order.additionalData.orderId !== '';

  const submit = async () => {
    if (!ready || !type || !subType) return;
    const image = file ? await compressImage(file) : null;
    create.mutate(
      {
        type,
        subType,
        description: description.trim(),
        userId: workerId,
        userName: workerName,
        orderId: order.additionalData.orderId,
        file: image,
      },
      {
        onSuccess: () => {
          notify.success(FEEDBACK_MESSAGES.added);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Feedback – ordre ${order.additionalData.orderNr}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Luk dialogen' }}
    >
      {!withWorker ? (
        <Alert color="yellow">{FEEDBACK_NEEDS_WORKER}</Alert>
      ) : (
        <Stack gap="md">
          <Text size="sm">Montør: {workerName || '…'}</Text>
          <div>
            <Text size="sm" fw={500} mb={6} id="feedback-type-label">
              Type
            </Text>
            <Group gap="xs" role="group" aria-labelledby="feedback-type-label">
              {FEEDBACK_TYPE_KEYS.map((key) => (
                <Button
                  key={key}
                  variant={type === key ? 'filled' : 'default'}
                  aria-pressed={type === key}
                  onClick={() => {
                    setType(key);
                    setSubType(null);
                  }}
                >
                  {FEEDBACK_TYPES[key].label}
                </Button>
              ))}
            </Group>
          </div>
          {type ? (
            <Radio.Group label="Underkategori" value={subType} onChange={setSubType}>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
                {FEEDBACK_TYPES[type].subTypes.map((s) => (
                  <Radio key={s} value={s} label={s} />
                ))}
              </SimpleGrid>
            </Radio.Group>
          ) : null}
          <Textarea
            label="Kommentar"
            rows={4}
            maxLength={FEEDBACK_DESCRIPTION_MAX}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <FileInput
            label="Billede (valgfrit)"
            placeholder="Vælg et billede"
            accept="image/jpeg,image/png,image/webp"
            value={file}
            onChange={setFile}
            clearable
            leftSection={<IconPhoto size={16} />}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuller
            </Button>
            <Button onClick={() => void submit()} disabled={!ready} loading={create.isPending}>
              Indsend
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
