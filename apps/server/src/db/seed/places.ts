/** Real towns for demo and bulk data: postcode, country and coordinates. */
export interface Place {
  poblacion: string;
  cp: string;
  pais: string;
  pais_iso: string;
  lat: number;
  lng: number;
}

export const PLACES: readonly Place[] = [
  { poblacion: 'Madrid', cp: '28021', pais: 'España', pais_iso: 'ES', lat: 40.4168, lng: -3.7038 },
  {
    poblacion: 'Zaragoza',
    cp: '50197',
    pais: 'España',
    pais_iso: 'ES',
    lat: 41.6488,
    lng: -0.8891,
  },
  {
    poblacion: 'Valencia',
    cp: '46024',
    pais: 'España',
    pais_iso: 'ES',
    lat: 39.4699,
    lng: -0.3763,
  },
  {
    poblacion: 'Barcelona',
    cp: '08040',
    pais: 'España',
    pais_iso: 'ES',
    lat: 41.3874,
    lng: 2.1686,
  },
  { poblacion: 'Sevilla', cp: '41016', pais: 'España', pais_iso: 'ES', lat: 37.3891, lng: -5.9845 },
  { poblacion: 'Bilbao', cp: '48015', pais: 'España', pais_iso: 'ES', lat: 43.263, lng: -2.935 },
  { poblacion: 'Murcia', cp: '30169', pais: 'España', pais_iso: 'ES', lat: 37.9922, lng: -1.1307 },
  {
    poblacion: 'Valladolid',
    cp: '47012',
    pais: 'España',
    pais_iso: 'ES',
    lat: 41.6523,
    lng: -4.7245,
  },
  {
    poblacion: 'A Coruña',
    cp: '15008',
    pais: 'España',
    pais_iso: 'ES',
    lat: 43.3623,
    lng: -8.4115,
  },
  { poblacion: 'Málaga', cp: '29004', pais: 'España', pais_iso: 'ES', lat: 36.7213, lng: -4.4214 },
  {
    poblacion: 'Tarragona',
    cp: '43006',
    pais: 'España',
    pais_iso: 'ES',
    lat: 41.1189,
    lng: 1.2445,
  },
  {
    poblacion: 'Vitoria-Gasteiz',
    cp: '01015',
    pais: 'España',
    pais_iso: 'ES',
    lat: 42.8467,
    lng: -2.6716,
  },
  { poblacion: 'Lleida', cp: '25191', pais: 'España', pais_iso: 'ES', lat: 41.6176, lng: 0.62 },
  { poblacion: 'Lyon', cp: '69007', pais: 'Francia', pais_iso: 'FR', lat: 45.764, lng: 4.8357 },
  {
    poblacion: 'Perpignan',
    cp: '66000',
    pais: 'Francia',
    pais_iso: 'FR',
    lat: 42.6887,
    lng: 2.8948,
  },
  {
    poblacion: 'Bordeaux',
    cp: '33300',
    pais: 'Francia',
    pais_iso: 'FR',
    lat: 44.8378,
    lng: -0.5792,
  },
  { poblacion: 'Paris', cp: '94150', pais: 'Francia', pais_iso: 'FR', lat: 48.8566, lng: 2.3522 },
  { poblacion: 'Milano', cp: '20138', pais: 'Italia', pais_iso: 'IT', lat: 45.4642, lng: 9.19 },
  { poblacion: 'Torino', cp: '10156', pais: 'Italia', pais_iso: 'IT', lat: 45.0703, lng: 7.6869 },
  { poblacion: 'Verona', cp: '37135', pais: 'Italia', pais_iso: 'IT', lat: 45.4384, lng: 10.9916 },
  {
    poblacion: 'Porto',
    cp: '4100-320',
    pais: 'Portugal',
    pais_iso: 'PT',
    lat: 41.1579,
    lng: -8.6291,
  },
  {
    poblacion: 'Lisboa',
    cp: '1950-130',
    pais: 'Portugal',
    pais_iso: 'PT',
    lat: 38.7223,
    lng: -9.1393,
  },
  {
    poblacion: 'München',
    cp: '80939',
    pais: 'Alemania',
    pais_iso: 'DE',
    lat: 48.1351,
    lng: 11.582,
  },
  {
    poblacion: 'Stuttgart',
    cp: '70565',
    pais: 'Alemania',
    pais_iso: 'DE',
    lat: 48.7758,
    lng: 9.1829,
  },
  {
    poblacion: 'Bucureşti',
    cp: '077040',
    pais: 'Rumanía',
    pais_iso: 'RO',
    lat: 44.4268,
    lng: 26.1025,
  },
  {
    poblacion: 'Timişoara',
    cp: '300645',
    pais: 'Rumanía',
    pais_iso: 'RO',
    lat: 45.7489,
    lng: 21.2087,
  },
  { poblacion: 'Beograd', cp: '11000', pais: 'Serbia', pais_iso: 'RS', lat: 44.7866, lng: 20.4489 },
  {
    poblacion: 'Bruxelles',
    cp: '1070',
    pais: 'Bélgica',
    pais_iso: 'BE',
    lat: 50.8503,
    lng: 4.3517,
  },
  {
    poblacion: 'Rotterdam',
    cp: '3089',
    pais: 'Países Bajos',
    pais_iso: 'NL',
    lat: 51.9244,
    lng: 4.4777,
  },
];

/** Great-circle distance in km. */
export function distanceKm(a: Pick<Place, 'lat' | 'lng'>, b: Pick<Place, 'lat' | 'lng'>): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
