/** Six masked digit boxes (the transaction password), with a label, a hint and an error. */
import { Input, PinInput } from '@mantine/core';
import { useId } from 'react';
import classes from './password.module.css';

export function DigitsField({
  label,
  description,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  description?: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
  testId: string;
}) {
  const id = useId();
  return (
    <Input.Wrapper label={label} description={description} error={error} id={`${id}-1`} data-testid={testId}>
      <PinInput
        id={id}
        className={classes.pin}
        length={6}
        type="number"
        mask
        size="md"
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        ariaLabel={label}
        oneTimeCode={false}
        mt={6}
      />
    </Input.Wrapper>
  );
}
