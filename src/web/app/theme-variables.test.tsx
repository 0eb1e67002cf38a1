import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';
import { themeVariablesCss } from './theme-variables';

describe('the theme variables worked out when the app is built', () => {
  it('are what Mantine’s provider writes into the page for the theme', () => {
    const { container } = render(
      <MantineProvider theme={theme}>
        <span />
      </MantineProvider>,
    );
    const written = container.ownerDocument.querySelector('style[data-mantine-styles="true"]')?.innerHTML ?? '';
    expect(written).toContain('--mantine-color-blue-8: #1768b2');
    expect(themeVariablesCss(theme)).toBe(written);
  });

  it('follow the theme', () => {
    expect(themeVariablesCss({ ...theme, primaryColor: 'teal' })).toContain(
      '--mantine-primary-color-filled: var(--mantine-color-teal-filled)',
    );
  });
});
