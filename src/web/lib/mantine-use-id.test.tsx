import { TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { useId } from './mantine-use-id';

describe("Mantine's useId stand-in", () => {
  it('gives each field its own id, keeps it, and draws a field once on mounting', () => {
    const renders: string[] = [];
    function Field({ label, staticId }: { label: string; staticId?: string }) {
      const id = useId(staticId);
      renders.push(id);
      return (
        <>
          <label htmlFor={id}>{label}</label>
          <input id={id} />
        </>
      );
    }
    function Form() {
      const [, setTick] = useState(0);
      return (
        <>
          <Field label="Navn" />
          <Field label="Adresse" />
          <Field label="Postnr" staticId="zip" />
          <button onClick={() => setTick((tick) => tick + 1)}>Tegn igen</button>
        </>
      );
    }
    render(<Form />);
    const name = screen.getByLabelText('Navn');
    const address = screen.getByLabelText('Adresse');
    expect(name.id).toMatch(/^mantine-/);
    expect(name.id).not.toBe(address.id);
    expect(screen.getByLabelText('Postnr').id).toBe('zip');
    // One render per field: no second pass that swaps the id.
    expect(renders).toHaveLength(3);
    screen.getByRole('button').click();
    expect(screen.getByLabelText('Navn').id).toBe(name.id);
  });

  it("is the one Mantine's own fields use (vite.config.ts, mantineUseId)", () => {
    renderWithProviders(<TextInput label="Navn" />);
    // Mantine's own would have swapped React's id for a random one once mounted.
    expect(screen.getByLabelText('Navn').id).toMatch(/^mantine-_r_\w+_$/);
  });
});
