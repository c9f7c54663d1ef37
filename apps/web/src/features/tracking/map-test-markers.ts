import type { MapConfig, MapMarker } from '../../components/map-view/types';

/** Spec §9: the customer test map's zoom: default 7, between 3 and 9. */
export const MAP_TEST_ZOOM = 7;
export const MAP_TEST_MIN_ZOOM = 3;
export const MAP_TEST_MAX_ZOOM = 9;

/** Spec §2: fixed sample markers in Peru. */
export const MAP_TEST_MARKERS: readonly MapMarker[] = [
  {
    id: 'lima',
    position: { lat: -12.0464, lng: -77.0428 },
    title: 'Lima',
    label: '1',
    color: '#1864ab',
    borderColor: '#0b3a6e',
  },
  {
    id: 'cusco',
    position: { lat: -13.5319, lng: -71.9675 },
    title: 'Cusco',
    label: '2',
    color: '#1864ab',
    borderColor: '#0b3a6e',
  },
  {
    id: 'arequipa',
    position: { lat: -16.409, lng: -71.5375 },
    title: 'Arequipa',
    label: '3',
    color: '#1864ab',
    borderColor: '#0b3a6e',
  },
  {
    id: 'trujillo',
    position: { lat: -8.1116, lng: -79.0288 },
    title: 'Trujillo',
    label: '4',
    color: '#1864ab',
    borderColor: '#0b3a6e',
  },
  {
    id: 'iquitos',
    position: { lat: -3.7491, lng: -73.2538 },
    title: 'Iquitos',
    label: '5',
    color: '#2b8a3e',
    borderColor: '#1b5e20',
  },
  {
    id: 'piura',
    position: { lat: -5.1945, lng: -80.6328 },
    title: 'Piura',
    label: '6',
    color: '#1864ab',
    borderColor: '#0b3a6e',
  },
  {
    id: 'chiclayo',
    position: { lat: -6.7714, lng: -79.8409 },
    title: 'Chiclayo',
    label: '7',
    color: '#1864ab',
    borderColor: '#0b3a6e',
  },
  {
    id: 'puno',
    position: { lat: -15.8402, lng: -70.0219 },
    title: 'Puno',
    label: '8',
    color: '#c92a2a',
    borderColor: '#7a1010',
  },
];

/** The test map's configuration: centred on Lima, zoom 7 (3–9) as map options. */
export const MAP_TEST_CONFIG: MapConfig = {
  center: { lat: -12.0464, lng: -77.0428 },
  zoom: MAP_TEST_ZOOM,
  options: { minZoom: MAP_TEST_MIN_ZOOM, maxZoom: MAP_TEST_MAX_ZOOM },
};
