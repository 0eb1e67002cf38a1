import type { MantineThemeOverride } from '@mantine/core';
import { convertCssVariables, DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';

type Part = 'variables' | 'light' | 'dark';

/**
 * The CSS variables Mantine's provider writes into the page for a theme (those that differ from Mantine's own
 * stylesheet), as one stylesheet. The app's are worked out when it is built (vite.config.ts, 'virtual:theme-variables.css')
 * instead of by the provider on every page load: that cost a phone's first render tens of milliseconds and a second
 * restyling of the whole page (issue 17: blocking time). The test beside this file holds it to what the provider writes.
 */
export function themeVariablesCss(override: MantineThemeOverride): string {
  const ours = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, override));
  const mantine = defaultCssVariablesResolver(DEFAULT_THEME);
  const differing = (part: Part) => {
    const defaults: Record<string, string | undefined> = mantine[part];
    return Object.fromEntries(Object.entries(ours[part]).filter(([name, value]) => defaults[name] !== value));
  };
  return convertCssVariables({ variables: differing('variables'), light: differing('light'), dark: differing('dark') });
}
