import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';

/** jsdom has no canvas drawing: a recording 2D context and a PNG blob stand in. */
function fakeContext() {
  return {
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(),
    arc: vi.fn(),
    fill: vi.fn(),
    clearRect: vi.fn(),
  } as Record<string, ReturnType<typeof vi.fn>> & Partial<CanvasRenderingContext2D>;
}

let ctx: ReturnType<typeof fakeContext>;

beforeEach(() => {
  ctx = fakeContext();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ctx as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback: BlobCallback, type?: string) =>
    callback(new Blob(['png'], { type })),
  );
  // Shown at half size, as on a narrow phone.
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
    left: 10,
    top: 20,
    width: 225,
    height: 42.5,
    right: 235,
    bottom: 62.5,
    x: 10,
    y: 20,
    toJSON: () => ({}),
  });
});
afterEach(() => vi.restoreAllMocks());

function sign(canvas: HTMLElement) {
  fireEvent.pointerDown(canvas, { pointerId: 1, clientX: 20, clientY: 30, button: 0, pointerType: 'touch' });
  fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 120, clientY: 40, pointerType: 'touch' });
  fireEvent.pointerUp(canvas, { pointerId: 1, clientX: 120, clientY: 40, pointerType: 'touch' });
}

describe('SignaturePad', () => {
  it('is a 450 x 85 drawing area with Ryd disabled until something is drawn', () => {
    renderWithProviders(<SignaturePad />);
    const canvas = screen.getByRole('img', { name: 'Underskrift' });
    expect(canvas).toHaveAttribute('width', '450');
    expect(canvas).toHaveAttribute('height', '85');
    expect(canvas).toHaveStyle({ touchAction: 'none' });
    expect(screen.getByText('Skriv din underskrift her')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ryd' })).toBeDisabled();
  });

  it('draws in canvas pixels when shown smaller and hands over a PNG after the stroke', async () => {
    const onChange = vi.fn();
    renderWithProviders(<SignaturePad onChange={onChange} />);
    sign(screen.getByRole('img', { name: 'Underskrift' }));
    // (120 - 10) * 2 = 220, (40 - 20) * 2 = 40: the half-size canvas's point in the 450 x 85 drawing.
    expect(ctx.moveTo).toHaveBeenCalledWith(20, 20);
    expect(ctx.lineTo).toHaveBeenCalledWith(220, 40);
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const blob = onChange.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('image/png');
    expect(screen.queryByText('Skriv din underskrift her')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ryd' })).toBeEnabled();
  });

  it("'Ryd' empties the pad and reports no signature", async () => {
    const onChange = vi.fn();
    const ref = createRef<SignaturePadHandle>();
    renderWithProviders(<SignaturePad onChange={onChange} ref={ref} />);
    sign(screen.getByRole('img', { name: 'Underskrift' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(ref.current!.isEmpty()).toBe(false);
    expect(await ref.current!.toBlob()).toBeInstanceOf(Blob);

    fireEvent.click(screen.getByRole('button', { name: 'Ryd' }));
    expect(ctx.clearRect).toHaveBeenCalledWith(0, 0, 450, 85);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(ref.current!.isEmpty()).toBe(true);
    expect(await ref.current!.toBlob()).toBeNull();
    expect(screen.getByText('Skriv din underskrift her')).toBeInTheDocument();
  });

  it('draws nothing when disabled', () => {
    const onChange = vi.fn();
    renderWithProviders(<SignaturePad onChange={onChange} disabled />);
    sign(screen.getByRole('img', { name: 'Underskrift' }));
    expect(ctx.lineTo).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });
});
