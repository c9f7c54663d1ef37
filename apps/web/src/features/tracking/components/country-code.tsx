import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../lib/format';

/**
 * A country as its ISO 3166 code in a small badge, named in full for screen readers and on
 * hover. Not an emoji flag: without an emoji font (many Linux desktops) those are empty boxes.
 */
export function CountryCode({ iso }: { iso: string | null | undefined }) {
  const { t, i18n } = useTranslation();
  const code = (iso ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return null;
  const nombre = countryName(code, i18n.language);
  return (
    // An image named in words: screen readers say "País: España", the eye reads "ES".
    <Badge
      role="img"
      title={nombre}
      aria-label={t('tracking.pais', { nombre })}
      variant="outline"
      color="gray.7"
      radius="sm"
      size="sm"
      tt="none"
      style={{ verticalAlign: 'middle' }}
    >
      {code}
    </Badge>
  );
}
