import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyDialog } from './lazy-dialog';

function EventDialog({ event }: { event: string | null }) {
  return <div role="dialog">{event ?? 'lukket'}</div>;
}

describe('a dialog loaded when it is first needed', () => {
  it('fetches its code at the first touch or key, and draws it from the first time a prop says it is open', async () => {
    const load = vi.fn(() => Promise.resolve(EventDialog));
    const Dialog = lazyDialog(load, (props) => props.event !== null);
    const { rerender } = render(<Dialog event={null} />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.pointerDown(window);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();

    rerender(<Dialog event="Aftale 1" />);
    expect(await screen.findByRole('dialog')).toHaveTextContent('Aftale 1');
    // Closed again it stays drawn, so it can close with its animation.
    rerender(<Dialog event={null} />);
    expect(screen.getByRole('dialog')).toHaveTextContent('lukket');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reads `opened` when no test of its own is given', async () => {
    const Dialog = lazyDialog(() => Promise.resolve(({ opened }: { opened: boolean }) => <div role="dialog">{String(opened)}</div>));
    const { rerender } = render(<Dialog opened={false} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<Dialog opened />);
    expect(await screen.findByRole('dialog')).toHaveTextContent('true');
  });
});
