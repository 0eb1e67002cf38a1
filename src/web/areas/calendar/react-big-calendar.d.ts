// react-big-calendar's CommonJS modules, imported one by one (its package index would bring every localizer:
// moment, luxon, globalize) and from the same build as its drag-and-drop addon, so no part of it is bundled twice.
// The types are those @types/react-big-calendar gives the package's own exports.

declare module 'react-big-calendar/lib/Calendar' {
  import type { Calendar } from 'react-big-calendar';

  const CalendarComponent: typeof Calendar;
  export default CalendarComponent;
}

declare module 'react-big-calendar/lib/localizers/dayjs' {
  import type { DateLocalizer } from 'react-big-calendar';

  export default function dayjsLocalizer(dayjs: object): DateLocalizer;
}
