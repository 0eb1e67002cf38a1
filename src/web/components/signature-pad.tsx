import { Box, Button, Group, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import type { PointerEvent as ReactPointerEvent, Ref } from 'react';
import { useCallback, useImperativeHandle, useRef, useState } from 'react';
import { SIGNATURE_SIZE } from '@/domain/documents/document-texts';

export interface SignaturePadHandle {
  /** Empties the pad (as 'Ryd' does). */
  clear(): void;
  /** The drawing as a PNG, or null while nothing is drawn. */
  toBlob(): Promise<Blob | null>;
  isEmpty(): boolean;
}

export interface SignaturePadProps {
  /** Drawing size in canvas pixels; the disclaimer's is 450 x 85 (document 2 section 9). */
  width?: number;
  height?: number;
  /** After every stroke: the signature as a PNG; null once it is cleared. */
  onChange?: (png: Blob | null) => void;
  /** Accessible name of the drawing area. */
  label?: string;
  disabled?: boolean;
  ref?: Ref<SignaturePadHandle>;
}

const INK = '#1b2a4a';

function canvasBlob(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), 'image/png'));
}

/**
 * A signature pad: draw with a finger, pen or mouse (pointer events). The canvas keeps its drawing size
 * (450 x 85 by default) and is shown at most that wide, shrinking on a phone; pointer positions are
 * scaled back, so the PNG is always the full size. 'Ryd' clears it.
 */
export function SignaturePad({
  width = SIGNATURE_SIZE.width,
  height = SIGNATURE_SIZE.height,
  onChange,
  label = 'Underskrift',
  disabled = false,
  ref,
}: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<{ id: number; x: number; y: number } | null>(null);
  const [empty, setEmpty] = useState(true);
  const emptyRef = useRef(true);

  const context = () => {
    const ctx = canvasRef.current?.getContext('2d') ?? null;
    if (ctx) {
      ctx.lineWidth = 2.4;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = INK;
      ctx.fillStyle = INK;
    }
    return ctx;
  };

  /** The pointer's position in canvas pixels, whatever size the canvas is shown at. */
  const point = (event: { clientX: number; clientY: number }) => {
    const canvas = canvasRef.current!;
    const rect = canvas.getBoundingClientRect();
    const scaleX = rect.width > 0 ? width / rect.width : 1;
    const scaleY = rect.height > 0 ? height / rect.height : 1;
    return { x: (event.clientX - rect.left) * scaleX, y: (event.clientY - rect.top) * scaleY };
  };

  const clear = useCallback(() => {
    canvasRef.current?.getContext('2d')?.clearRect(0, 0, width, height);
    drawing.current = null;
    emptyRef.current = true;
    setEmpty(true);
    onChange?.(null);
  }, [height, onChange, width]);

  useImperativeHandle(
    ref,
    () => ({
      clear,
      isEmpty: () => emptyRef.current,
      toBlob: async () => (emptyRef.current || !canvasRef.current ? null : canvasBlob(canvasRef.current)),
    }),
    [clear],
  );

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const p = point(event);
    drawing.current = { id: event.pointerId, ...p };
    const ctx = context();
    // A tap leaves a dot.
    ctx?.beginPath();
    ctx?.arc(p.x, p.y, 1.2, 0, Math.PI * 2);
    ctx?.fill();
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const last = drawing.current;
    if (!last || last.id !== event.pointerId) return;
    event.preventDefault();
    const ctx = context();
    if (!ctx) return;
    // A fast finger gives several positions per event: draw through all of them.
    const native = event.nativeEvent as PointerEvent;
    const events = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    const points = (events.length > 0 ? events : [event]).map(point);
    ctx.beginPath();
    ctx.moveTo(last.x, last.y);
    for (const p of points) ctx.lineTo(p.x, p.y);
    ctx.stroke();
    const end = points.at(-1)!;
    drawing.current = { id: last.id, ...end };
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || drawing.current.id !== event.pointerId) return;
    drawing.current = null;
    emptyRef.current = false;
    setEmpty(false);
    if (onChange && canvasRef.current) void canvasBlob(canvasRef.current).then(onChange);
  };

  return (
    <Box maw={width} w="100%">
      <Box
        pos="relative"
        style={{
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: disabled ? 'var(--mantine-color-gray-1)' : 'var(--mantine-color-white)',
          lineHeight: 0,
        }}
      >
        <canvas
          ref={canvasRef}
          width={width}
          height={height}
          role="img"
          aria-label={label}
          aria-disabled={disabled || undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          style={{
            width: '100%',
            height: 'auto',
            aspectRatio: `${width} / ${height}`,
            touchAction: 'none',
            cursor: disabled ? 'not-allowed' : 'crosshair',
            display: 'block',
          }}
        />
        {empty ? (
          <Text
            size="sm"
            c="dimmed"
            pos="absolute"
            top="50%"
            left={0}
            right={0}
            ta="center"
            style={{ transform: 'translateY(-50%)', pointerEvents: 'none', lineHeight: 1.2 }}
          >
            Skriv din underskrift her
          </Text>
        ) : null}
      </Box>
      <Group justify="flex-end" mt={6}>
        <Button size="xs" variant="default" leftSection={<IconEraser size={14} />} onClick={clear} disabled={disabled || empty}>
          Ryd
        </Button>
      </Group>
    </Box>
  );
}
