import { NumberInput, type NumberInputProps } from '@mantine/core';

/** An amount in euros written the Spanish way (1.234,56): two decimals, no spinner, not below 0. */
export function EurosInput(props: NumberInputProps) {
  return (
    <NumberInput
      decimalScale={2}
      decimalSeparator=","
      thousandSeparator="."
      min={0}
      hideControls
      {...props}
    />
  );
}
