// Mantine's date fields and dayjs, in Danish. Only the screens with a date field or a calendar load dayjs and its
// Danish locale (not the shell every page loads first: issue 17); importing them from here is what registers the
// locale before a field formats a date, so the lint rule sends every import of them through this module.
import dayjs from 'dayjs';
import 'dayjs/locale/da';

dayjs.locale('da');

export { dayjs };
// No DatePickerInput: it takes no typed date; a screen's date field is components/date-field.tsx (issue 39).
export { DateInput, DatePicker, TimeInput, TimePicker, type DateInputProps } from '@mantine/dates';
