import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { ApiError } from './api-client';
import { renderWithProviders } from '../test-utils';

function Failing({ error, meta }: { error: unknown; meta?: Record<string, unknown> }) {
  const mutation = useMutation({
    mutationFn: async () => {
      throw error;
    },
    meta,
  });
  return <Button onClick={() => mutation.mutate()}>Gem</Button>;
}

function renderFailing(error: unknown, meta?: Record<string, unknown>) {
  renderWithProviders(<Failing error={error} meta={meta} />, { queryClient: createQueryClient() });
  return userEvent.setup();
}

describe('exception dialog', () => {
  it('lists the field errors of a VALIDATION_ERROR under the message, with Danish field names', async () => {
    const user = renderFailing(
      new ApiError({
        status: 400,
        type: 'VALIDATION_ERROR',
        message: 'Der er fejl i de indtastede oplysninger',
        errors: { initials: ['Initialerne bruges allerede af en anden bruger'] },
      }),
      { fieldLabels: { initials: 'Initialer' }, errorMessage: 'Oprettelse af brugeren mislykkedes' },
    );
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Der er fejl i de indtastede oplysninger' });
    expect(dialog).toHaveTextContent('Initialer: Initialerne bruges allerede af en anden bruger');
    expect(await screen.findByText('Oprettelse af brugeren mislykkedes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Luk' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the stack trace of a 500', async () => {
    const user = renderFailing(
      new ApiError({ status: 500, type: 'GENERIC_ERROR', message: 'Der opstod en uventet fejl', stackTrace: 'Error: boom\n    at handler' }),
    );
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Der opstod en uventet fejl' });
    expect(dialog).toHaveTextContent('Error: boom');
  });

  it('stays closed for other errors and for aborted requests', async () => {
    const user = renderFailing(new DOMException('The operation was aborted.', 'AbortError'), { errorMessage: 'Udbakken kunne ikke hentes' });
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Udbakken kunne ikke hentes')).not.toBeInTheDocument();
  });
});
