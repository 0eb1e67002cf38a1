import { createTheme } from '@mantine/core';

/** A calm, professional look: system fonts only, one blue accent, small radii. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 7 },
  defaultRadius: 'sm',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  headings: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
    fontWeight: '600',
  },
  components: {
    Button: { defaultProps: { radius: 'sm' } },
    Table: { defaultProps: { verticalSpacing: 'xs' } },
  },
});
