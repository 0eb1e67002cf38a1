import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STALE_COPY_MESSAGES } from '@/domain/lib/versions';
import { StaleCopyNotice } from '../components/stale-copy-notice';
import { renderWithProviders } from '../test-utils';
import { ApiError } from './api-client';
import { formatStaleValue, isStaleCopyError, staleChanges, type TStaleCopy } from './stale-copy';

const labels = { name: 'Navn', phone: 'Telefon', coffee: 'Kaffe', updateId: 'Version' };
const base = { name: 'Herning', phone: '97122850', coffee: false, updateId: 'v1' };

const staleError = (message = STALE_COPY_MESSAGES.department) =>
  new ApiError({ status: 409, type: 'GENERIC_ERROR', message, errors: { updateId: [message] } });

describe('staleChanges', () => {
  it("lists the fields another changed, with the form's value and the saved one, not the version", () => {
    const mine = { ...base, name: 'Herning Syd' };
    const saved = { ...base, phone: '97000001', coffee: true, updateId: 'v2' };
    expect(staleChanges(base, mine, saved, labels)).toEqual([
      { field: 'phone', label: 'Telefon', mine: '97122850', saved: '97000001' },
      { field: 'coffee', label: 'Kaffe', mine: 'Nej', saved: 'Ja' },
    ]);
  });

  it('writes values as a Danish reader reads them, and a screen may write its own', () => {
    expect([
      formatStaleValue(''),
      formatStaleValue(true),
      formatStaleValue([]),
      formatStaleValue(['a', 'b']),
      formatStaleValue([{ a: 1 }]),
    ]).toEqual(['(tom)', 'Ja', '(ingen)', 'a, b', '1 række']);
    const format = (field: string, value: unknown) => (field === 'phone' ? `tlf. ${String(value)}` : undefined);
    expect(staleChanges(base, base, { ...base, phone: '1' }, labels, format)).toEqual([
      { field: 'phone', label: 'Telefon', mine: 'tlf. 97122850', saved: 'tlf. 1' },
    ]);
  });

  it('tells a stale copy from the other 409s', () => {
    expect(isStaleCopyError(staleError())).toBe(true);
    expect(isStaleCopyError(new ApiError({ status: 409, type: 'GENERIC_ERROR', message: 'Tiden er optaget' }))).toBe(false);
    expect(isStaleCopyError(new Error('x'))).toBe(false);
  });
});

describe('StaleCopyNotice', () => {
  const conflict: TStaleCopy<typeof base> = {
    message: STALE_COPY_MESSAGES.department,
    saved: { ...base, phone: '97000001', updateId: 'v2' },
    changes: [{ field: 'phone', label: 'Telefon', mine: '97122850', saved: '97000001' }],
  };

  it('shows the message and what changed, and reloads the saved copy or keeps the form', async () => {
    const onReload = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<StaleCopyNotice conflict={conflict} onReload={onReload} onClose={onClose} />);
    const notice = screen.getByRole('alert');
    expect(within(notice).getByText(STALE_COPY_MESSAGES.department)).toBeInTheDocument();
    const table = within(notice).getByRole('table', { name: 'Ændret af en anden' });
    expect(within(table).getByRole('columnheader', { name: 'Din værdi' })).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /Telefon/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['97122850', '97000001']);

    const user = userEvent.setup();
    await user.click(within(notice).getByRole('button', { name: 'Genindlæs' }));
    expect(onReload).toHaveBeenCalledWith(conflict.saved);
    await user.click(within(notice).getByRole('button', { name: 'Luk' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows nothing without a conflict', () => {
    renderWithProviders(<StaleCopyNotice conflict={null} onReload={vi.fn()} onClose={vi.fn()} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
