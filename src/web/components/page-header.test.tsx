import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { PageHeader, pageTitle } from './page-header';

afterEach(() => {
  document.title = 'Rudeplan';
});

describe('page titles', () => {
  it('names a screen’s tab "<title> – Rudeplan"', () => {
    expect(pageTitle('Opgaver')).toBe('Opgaver – Rudeplan');
    expect(pageTitle(' Arbejdskort 100601 ')).toBe('Arbejdskort 100601 – Rudeplan');
    expect(pageTitle('')).toBe('Rudeplan');
  });

  it('sets the tab from the page header, follows a new title and falls back to Rudeplan when the screen goes', () => {
    const view = render(
      <MantineProvider>
        <PageHeader title="Opgaver" />
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Opgaver' })).toBeInTheDocument();
    expect(document.title).toBe('Opgaver – Rudeplan');
    view.rerender(
      <MantineProvider>
        <PageHeader title="Arbejdskort 100601" />
      </MantineProvider>,
    );
    expect(document.title).toBe('Arbejdskort 100601 – Rudeplan');
    act(() => view.unmount());
    expect(document.title).toBe('Rudeplan');
  });
});
