import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MapView } from '../../../components/map-view/map-view';
import { PageTitle } from '../../../components/page-title';
import { MAP_TEST_CONFIG, MAP_TEST_MARKERS } from '../map-test-markers';

/** Map test page (/clientes/maptest): fixed sample markers in Peru, zoom 7 (3–9), spec §2 and §9. */
export function MapTestPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.map-test.title')}</PageTitle>
      <Text c="gray.7" mb="md">
        {t('mapTest.descripcion')}
      </Text>
      <MapView
        markers={MAP_TEST_MARKERS}
        config={MAP_TEST_CONFIG}
        label={t('mapTest.label')}
        height="min(70dvh, 640px)"
      />
    </>
  );
}
