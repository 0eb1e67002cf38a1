import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { formatHours, parseHoursText } from '../department-form';

interface HoursInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** Decimal hours (7.5 is 07:30); NaN while the typed text is no time. */
  value: number;
  onChange: (hours: number) => void;
}

/**
 * A time of day typed as HH:mm (24-hour, whatever the browser's language) for data kept as decimal hours.
 * '0730', '7:30' and '7.30' are read as 07:30 and shown so when the field is left; '24:00' ends the day.
 * Text that is no time gives NaN, which the domain's schema refuses with its message.
 */
export function HoursInput({ value, onChange, onBlur, ...rest }: HoursInputProps) {
  const [text, setText] = useState(() => formatHours(value));
  const [given, setGiven] = useState(value);
  if (!Object.is(value, given)) {
    // A change from outside (another department, a saved value); our own NaN keeps what is typed.
    setGiven(value);
    if (Number.isFinite(value)) setText(formatHours(value));
  }
  return (
    <TextInput
      {...rest}
      value={text}
      placeholder="tt:mm"
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        const hours = parseHoursText(typed) ?? Number.NaN;
        setGiven(hours);
        onChange(hours);
      }}
      onBlur={(event) => {
        const hours = parseHoursText(text);
        if (hours !== null) setText(formatHours(hours));
        onBlur?.(event);
      }}
    />
  );
}
