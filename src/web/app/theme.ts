import { createTheme } from '@mantine/core';
import { PRIMARY, READABLE_COLORS } from './readable-colors';

/**
 * A calm, professional look: system fonts only, one blue accent, small radii; readable for everyone (WCAG 2.1 AA):
 * text colours from readablePalette, filled colours with white or black text whichever reads (autoContrast), the
 * keyboard focus ring in the primary colour, and no animation for users who ask their system for less motion.
 */
/** The arrows of @mantine/dates' calendars, in Danish. */
const CALENDAR_ARROWS = {
  previousMonth: 'Forrige måned',
  nextMonth: 'Næste måned',
  previousYear: 'Forrige år',
  nextYear: 'Næste år',
  previousDecade: 'Forrige årti',
  nextDecade: 'Næste årti',
};
const DATE_PICKERS = [
  'Calendar',
  'DatePicker',
  'DateInput',
  'DatePickerInput',
  'DateTimePicker',
  'MonthPicker',
  'MonthPickerInput',
  'YearPicker',
  'YearPickerInput',
];

export const theme = createTheme({
  colors: READABLE_COLORS,
  primaryColor: PRIMARY,
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.179,
  focusRing: 'auto',
  respectReducedMotion: true,
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
    fontWeight: '600',
  },
  components: {
    Button: { defaultProps: { radius: 'sm' } },
    // A badge shows its whole label: in a table Mantine's ellipsis let the column squeeze a status to 'Afve…'.
    Badge: { styles: { root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } } },
    Table: { defaultProps: { verticalSpacing: 'xs' } },
    // Choosing the option already shown keeps it (a fitter confirming the suggested 'Montør' had it cleared by
    // Mantine's deselect-on-click); an optional field is emptied by its clear button.
    Select: { defaultProps: { allowDeselect: false } },
    // Every × has a name: a screen names it after what it closes or clears where it can ('Ryd Fra dato').
    CloseButton: { defaultProps: { 'aria-label': 'Luk' } },
    InputClearButton: { defaultProps: { 'aria-label': 'Ryd feltet' } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Luk beskeden' } } },
    // An opened menu focuses its first item (the ARIA menu pattern) instead of a focusable placeholder, which a
    // menu may not contain.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Every date picker's arrows are named; the month heading keeps its visible text as its name. Named here, not
    // per screen, so a new picker cannot miss them (axe: button-name). Plain objects: no dates code in the shell.
    ...Object.fromEntries(DATE_PICKERS.map((name) => [name, { defaultProps: { ariaLabels: CALENDAR_ARROWS } }])),
  },
});
