import { Text } from '@mantine/core';

/** A town with its postcode and country code, on two lines. */
export function Lugar({ poblacion, cp, pais }: { poblacion: string; cp?: string; pais: string }) {
  return (
    <div>
      <Text size="sm" fw={500} lh={1.3}>
        {poblacion}
      </Text>
      <Text size="xs" c="gray.7" lh={1.3}>
        {[cp, pais].filter(Boolean).join(' · ')}
      </Text>
    </div>
  );
}
