import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState } from 'react';

interface NumberFieldProps extends Omit<NumberInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** NaN (or null where the field may be empty) while nothing readable is typed. */
  value: number | null;
  onChange: (value: number | null) => void;
}

const toNumber = (shown: number | string): number | null => {
  if (typeof shown === 'number') return shown;
  if (shown.trim() === '') return null;
  const n = Number(shown.replace(',', '.'));
  return Number.isFinite(n) ? n : Number.NaN;
};

/**
 * A number field that keeps what is typed while it is on its way to a number ('1,' before '1,5' in Danish
 * notation) and reports numbers: null for an empty field, NaN for text that is no number.
 */
export function NumberField({ value, onChange, ...rest }: NumberFieldProps) {
  const [shown, setShown] = useState<number | string>(value === null || Number.isNaN(value) ? '' : value);
  const [given, setGiven] = useState(value);
  if (!Object.is(value, given)) {
    setGiven(value);
    if (value !== null && Number.isFinite(value) && toNumber(shown) !== value) setShown(value);
    if (value === null && shown !== '') setShown('');
  }
  return (
    <NumberInput
      {...rest}
      value={shown}
      onChange={(next) => {
        setShown(next);
        const n = toNumber(next);
        setGiven(n);
        onChange(n);
      }}
    />
  );
}
