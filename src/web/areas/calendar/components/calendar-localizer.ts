// The calendar's dates through dayjs in Danish. A chunk of its own (the screen asks for it beside the calendar's),
// so no chunk of the calendar is over the 60 KB budget (docs/decisions.md).
import { dayjs } from '../../../components/dates';
import dayjsLocalizer from 'react-big-calendar/lib/localizers/dayjs';
import { cjsDefault } from './cjs-default';

export const localizer = cjsDefault(dayjsLocalizer)(dayjs);
