import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TDepartment } from '@/domain/departments/department.schemas';
import { MESSAGES } from '@/domain/lib/validation';
import { STALE_COPY_MESSAGES } from '@/domain/lib/versions';
import { USER_MESSAGES } from '@/domain/users/user.schemas';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test-utils';
import { UserForm } from './user-form';

const SHOP = { id: '11111111-1111-4111-8111-111111111111', name: 'Glostrup', mobileService: false } as TDepartment;
const VAN = { id: '22222222-2222-4222-8222-222222222222', name: 'Mobil Sjælland', mobileService: true } as TDepartment;

function renderCreateForm(onSubmit = vi.fn(async () => {})) {
  renderWithProviders(<UserForm mode="create" departments={[SHOP, VAN]} submitting={false} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('user form', () => {
  it('shows the Danish messages for missing fields', async () => {
    const { onSubmit, user } = renderCreateForm();
    await user.click(screen.getByRole('button', { name: 'Opret bruger' }));

    expect(await screen.findAllByText(MESSAGES.required)).toHaveLength(3); // Navn, Initialer, Roller
    expect(screen.getByLabelText(/^Navn/)).toHaveAccessibleDescription(MESSAGES.required);
    expect(screen.getByLabelText(/^Initialer/)).toHaveAccessibleDescription(MESSAGES.required);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hides the password fields while the auto-password switch is on, which it is by default', async () => {
    const { user } = renderCreateForm();
    const auto = screen.getByRole('switch', { name: 'Autogenerer adgangskode' });
    expect(auto).toBeChecked();
    expect(screen.queryByLabelText(/^Adgangskode/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Bekræft adgangskode/)).not.toBeInTheDocument();

    await user.click(auto);
    expect(screen.getByLabelText(/^Adgangskode/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Bekræft adgangskode/)).toBeInTheDocument();

    await user.click(auto);
    expect(screen.queryByLabelText(/^Adgangskode/)).not.toBeInTheDocument();
  });

  it('says when the passwords do not match, and when none is given without auto-password', async () => {
    const { onSubmit, user } = renderCreateForm();
    await user.type(screen.getByLabelText(/^Navn/), 'Mette Hansen');
    await user.type(screen.getByLabelText(/^Initialer/), 'mh');
    await user.click(screen.getByRole('checkbox', { name: 'Kundeservice' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tillad e-mail' }));
    await user.type(screen.getByLabelText(/^E-mail/), 'mh@example.dk');
    await user.click(screen.getByRole('switch', { name: 'Autogenerer adgangskode' }));

    await user.click(screen.getByRole('button', { name: 'Opret bruger' }));
    expect(await screen.findAllByText(MESSAGES.required)).toHaveLength(2);

    await user.type(screen.getByLabelText(/^Adgangskode/), 'hemmelig1');
    await user.type(screen.getByLabelText(/^Bekræft adgangskode/), 'hemmelig2');
    await user.click(screen.getByRole('button', { name: 'Opret bruger' }));
    expect(await screen.findByText(MESSAGES.match)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Adgangskode/));
    await user.type(screen.getByLabelText(/^Adgangskode/), 'kort');
    await user.click(screen.getByRole('button', { name: 'Opret bruger' }));
    expect(await screen.findByText(MESSAGES.password)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for a contact channel and upper-cases the initials', async () => {
    const { onSubmit, user } = renderCreateForm();
    await user.type(screen.getByLabelText(/^Navn/), 'Mette Hansen');
    await user.type(screen.getByLabelText(/^Initialer/), 'mh');
    expect(screen.getByLabelText(/^Initialer/)).toHaveValue('MH');
    await user.click(screen.getByRole('checkbox', { name: 'Administrator' }));
    await user.click(screen.getByRole('button', { name: 'Opret bruger' }));
    expect(await screen.findByText(MESSAGES.oneOf)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the role rules against the departments: Drift needs a department', async () => {
    const { onSubmit, user } = renderCreateForm();
    await user.type(screen.getByLabelText(/^Navn/), 'Ole Pedersen');
    await user.type(screen.getByLabelText(/^Initialer/), 'OP');
    await user.click(screen.getByRole('checkbox', { name: 'Drift' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tillad SMS' }));
    await user.type(screen.getByLabelText(/^Telefon/), '12345678');
    await user.click(screen.getByRole('button', { name: 'Opret bruger' }));
    expect(await screen.findByText(USER_MESSAGES.operationNeedsDepartment)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits valid values and puts the server’s field errors on the fields', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({
        status: 400,
        type: 'VALIDATION_ERROR',
        message: 'Der er fejl i de indtastede oplysninger',
        errors: { initials: [USER_MESSAGES.initialsTaken] },
      });
    });
    const { user } = renderCreateForm(onSubmit);
    await user.type(screen.getByLabelText(/^Navn/), 'Mette Hansen');
    await user.type(screen.getByLabelText(/^Initialer/), 'MH');
    await user.click(screen.getByRole('checkbox', { name: 'Kundeservice' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tillad e-mail' }));
    await user.type(screen.getByLabelText(/^E-mail/), 'mh@example.dk');
    await user.click(screen.getByRole('button', { name: 'Opret bruger' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]).toEqual([
      expect.objectContaining({ name: 'Mette Hansen', initials: 'MH', roles: ['CustomerService'], autoPassword: true }),
    ]);
    expect(await screen.findByText(USER_MESSAGES.initialsTaken)).toBeInTheDocument();
  });

  it('shows the confirmation field on the edit form only once a password is typed', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <UserForm
        mode="edit"
        initialValues={{
          id: '33333333-3333-4333-8333-333333333333',
          name: 'Mette Hansen',
          initials: 'MH',
          phone: '',
          email: 'mh@example.dk',
          roles: ['CustomerService'],
          departmentGuid: '',
          calendarDepartmentGuid: '',
          allowSMS: false,
          allowEmail: true,
          autoPassword: false,
          password: '',
          confirmPassword: '',
          updateId: '55555555-5555-4555-8555-555555555555',
        }}
        departments={[SHOP, VAN]}
        submitting={false}
        onSubmit={vi.fn(async () => {})}
      />,
    );
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Bekræft adgangskode/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Adgangskode/), 'x');
    expect(screen.getByLabelText(/^Bekræft adgangskode/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Adgangskode/));
    expect(screen.queryByLabelText(/^Bekræft adgangskode/)).not.toBeInTheDocument();
  });

  it('on a save refused as a stale copy, shows what the other administrator changed and reloads the saved user', async () => {
    const user = userEvent.setup();
    const opened = {
      id: '33333333-3333-4333-8333-333333333333',
      name: 'Mette Hansen',
      initials: 'MH',
      phone: '41414141',
      email: 'mh@example.dk',
      roles: ['CustomerService' as const],
      departmentGuid: '',
      calendarDepartmentGuid: '',
      allowSMS: false,
      allowEmail: true,
      autoPassword: false,
      password: '',
      confirmPassword: '',
      updateId: '55555555-5555-4555-8555-555555555555',
    };
    const saved = {
      ...opened,
      phone: '48480000',
      roles: ['CustomerService' as const, 'Complaint' as const],
      updateId: '66666666-6666-4666-8666-666666666666',
    };
    const message = STALE_COPY_MESSAGES.user;
    const onSubmit = vi.fn(async () => {
      throw new ApiError({ status: 409, type: 'GENERIC_ERROR', message, errors: { updateId: [message] } });
    });
    renderWithProviders(
      <UserForm
        mode="edit"
        initialValues={opened}
        departments={[SHOP, VAN]}
        submitting={false}
        onSubmit={onSubmit}
        loadSaved={async () => saved}
      />,
    );
    await user.clear(screen.getByLabelText('Navn', { exact: false }));
    await user.type(screen.getByLabelText('Navn', { exact: false }), 'Mette Holm');
    await user.click(screen.getByRole('button', { name: 'Gem ændringer' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ updateId: opened.updateId, name: 'Mette Holm' }));

    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText(message)).toBeInTheDocument();
    const cells = (label: string) =>
      within(within(notice).getByRole('row', { name: new RegExp(label) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('Telefon')).toEqual(['41414141', '48480000']);
    expect(cells('Roller')).toEqual(['Kundeservice', 'Kundeservice, Reklamation']);
    // Only what the other changed is listed: the name is this form's own change.
    expect(within(notice).queryByRole('row', { name: /Navn/ })).not.toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: 'Genindlæs' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Telefon')).toHaveValue('48480000');
    expect(screen.getByLabelText('Navn', { exact: false })).toHaveValue('Mette Hansen');
  });
});
