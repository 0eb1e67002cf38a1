import { parseTypedDate } from '@/domain/lib/dates';
import { DateInput, type DateInputProps } from './dates';

/**
 * The app's one date field (issue 39): a date is typed as dd/MM-YYYY (also d/M-YYYY, ddMMYYYY or with dots, see
 * `parseTypedDate`) or picked in the calendar that opens under the field; it shows dd/MM-YYYY. `value` and
 * `onChange` use 'YYYY-MM-DD' (null for none). Screens use it rather than Mantine's DateInput or DatePickerInput (the latter takes no typing).
 */
export function DateField(props: Omit<DateInputProps, 'valueFormat' | 'dateParser'>) {
  return (
    <DateInput
      placeholder="dd/mm-åååå"
      {...props}
      valueFormat="DD/MM-YYYY"
      dateParser={parseTypedDate}
      popoverProps={{ withinPortal: true, ...props.popoverProps }}
    />
  );
}
