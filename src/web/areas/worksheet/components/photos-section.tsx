import { ActionIcon, Badge, Button, FileButton, Group, Image, Modal, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconCamera, IconPhoto, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { TImageType } from '@/domain/media/media.schemas';
import { allowsSeveral, IMAGE_TYPE_LABELS, IMAGE_TYPES } from '@/domain/media/media.schemas';
import { imageField, missingRequiredImages } from '@/domain/orders/order-finish';
import type { TOrder } from '@/domain/orders/order.schemas';
import { compressImage } from '../../../lib/image-compression';
import { notify } from '../../../lib/notify';
import { useOrderImages, useUploadImage } from '../api';
import { fieldDomId } from './field-focus';
import { Section } from './section';
import { LoadingStatus } from '../../../components/query-state';

interface PhotosSectionProps {
  order: TOrder;
  /** The debitor the photos are asked for under: the order's as saved (an unsaved change asks for nothing new). */
  debitorNo: string;
  /** A locked order: its photos can be looked at, not added; nothing is 'missing' any more. */
  disabled: boolean;
  /** After a finish attempt: the photos still missing are marked. */
  marked?: boolean;
}

/**
 * 'Billeder' (document 2 sections 2, 5 and 9): one upload per image type ('Andet' takes several),
 * compressed in the browser (1 MB, 1920 px; the original when compression fails), thumbnails that open
 * the photo large. The types the order needs before finishing are marked.
 */
export function PhotosSection({ order, debitorNo, disabled, marked = false }: PhotosSectionProps) {
  const queryClient = useQueryClient();
  // Read here, not by the worksheet: the photos arriving redraw this section only.
  const images = useOrderImages(order.additionalData.orderId, debitorNo);
  const upload = useUploadImage();
  const [busyType, setBusyType] = useState<TImageType | null>(null);
  const [shown, setShown] = useState<{ url: string; title: string } | null>(null);
  const orderId = order.additionalData.orderId;
  const list = images.data ?? [];
  // A finished or cancelled order needs no more photos: no 'Mangler' on it.
  const missing = new Set(disabled ? [] : missingRequiredImages(order, list));
  // A locked order shows the photos it has; an open one every type, to add to.
  const types = disabled ? IMAGE_TYPES.filter((type) => list.some((image) => image.imageType === type)) : IMAGE_TYPES;

  const add = async (type: TImageType, files: File[]) => {
    setBusyType(type);
    try {
      for (const file of files) {
        const compressed = await compressImage(file);
        await upload.mutateAsync({ orderId, imageType: type, file: compressed });
      }
      notify.success('Billedet er gemt');
    } catch {
      // The upload's own toast has told the user.
    } finally {
      setBusyType(null);
      void queryClient.invalidateQueries({ queryKey: ['media', orderId] });
    }
  };

  return (
    <Section title="Billeder" icon={<IconPhoto size={20} />}>
      {images.isPending ? (
        <LoadingStatus size="sm" label="Henter billeder" />
      ) : types.length === 0 ? (
        <Text size="sm" c="dimmed">
          Ingen billeder på ordren.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="sm">
          {types.map((type) => {
            const ofType = list.filter((image) => image.imageType === type);
            const several = allowsSeveral(type);
            const flagged = marked && missing.has(type);
            return (
              <Stack
                key={type}
                gap={6}
                role="group"
                aria-label={`Billeder: ${IMAGE_TYPE_LABELS[type]}`}
                data-missing={flagged || undefined}
                p={flagged ? 4 : 0}
                m={flagged ? -4 : 0}
                style={flagged ? { outline: '2px solid var(--mantine-color-red-7)', borderRadius: 6 } : undefined}
              >
                <Group gap={6} justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {IMAGE_TYPE_LABELS[type]}
                  </Text>
                  {missing.has(type) ? (
                    <Badge size="xs" color={flagged ? 'red' : 'orange'} variant={flagged ? 'filled' : 'light'} radius="sm" tt="none">
                      Mangler
                    </Badge>
                  ) : null}
                </Group>
                <Group gap={6} wrap="wrap" mih={64}>
                  {ofType.flatMap((image) =>
                    image.url.map((url) => (
                      <Tooltip key={url} label={image.title}>
                        <ActionIcon
                          variant="default"
                          size={64}
                          radius="sm"
                          onClick={() => setShown({ url, title: image.title })}
                          aria-label={`Vis ${image.title}`}
                          style={{ overflow: 'hidden' }}
                        >
                          <Image src={url} alt={image.title} w={64} h={64} fit="cover" />
                        </ActionIcon>
                      </Tooltip>
                    )),
                  )}
                  {ofType.length === 0 ? (
                    <Text size="xs" c="dimmed">
                      Intet billede
                    </Text>
                  ) : null}
                </Group>
                {disabled ? null : (
                  <FileButton
                    onChange={(files) => void add(type, files === null ? [] : Array.isArray(files) ? files : [files])}
                    accept="image/jpeg,image/png,image/webp"
                    multiple={several}
                  >
                    {(props) => (
                      <Button
                        {...props}
                        id={fieldDomId(imageField(type))}
                        size="compact-sm"
                        variant={flagged ? 'filled' : 'light'}
                        color={flagged ? 'red' : undefined}
                        leftSection={busyType === type ? null : type === 'CUSTOM' ? <IconUpload size={14} /> : <IconCamera size={14} />}
                        loading={busyType === type}
                        disabled={busyType !== null && busyType !== type}
                      >
                        {/* Named by what it shows, with the type for a screen reader: 'Tilføj billede: Før', 'Erstat billede: Før'. */}
                        {ofType.length > 0 && !several ? 'Erstat' : 'Tilføj'}{' '}
                        <span style={{ fontSize: 0 }}>{`billede: ${IMAGE_TYPE_LABELS[type]}`}</span>
                      </Button>
                    )}
                  </FileButton>
                )}
              </Stack>
            );
          })}
        </SimpleGrid>
      )}
      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={shown?.title ?? ''}
        size="xl"
        closeButtonProps={{ 'aria-label': 'Luk dialogen' }}
      >
        {shown ? <Image src={shown.url} alt={shown.title} fit="contain" mah="75vh" /> : null}
      </Modal>
    </Section>
  );
}
