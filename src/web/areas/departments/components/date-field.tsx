import { DateInput, type DateInputProps } from '../../../components/dates';
import { parseDanishDate } from '@/domain/lib/dates';

/** A date typed as dd/MM-YYYY (or picked in the calendar); `value` and `onChange` use 'YYYY-MM-DD'. */
export function DateField(props: Omit<DateInputProps, 'valueFormat' | 'dateParser'>) {
  return (
    <DateInput
      placeholder="dd/mm-åååå"
      {...props}
      valueFormat="DD/MM-YYYY"
      dateParser={(text) => parseDanishDate(text)?.slice(0, 10) ?? null}
      popoverProps={{ withinPortal: true, ...props.popoverProps }}
    />
  );
}
