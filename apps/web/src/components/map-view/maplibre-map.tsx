import 'maplibre-gl/dist/maplibre-gl.css';
import type { FeatureCollection } from 'geojson';
import {
  AttributionControl,
  LngLatBounds,
  Map as MapLibre,
  Marker,
  NavigationControl,
  Popup,
  setWorkerUrl,
  type GeoJSONSource,
  type StyleSpecification,
} from 'maplibre-gl/dist/maplibre-gl-csp.js';
// The CSP build's worker as a same-origin file: worker-src 'self', no blob: in the CSP.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-csp-worker.js?url';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BASEMAP_URL, routeLine, type Basemap } from './basemap';
import classes from './maplibre-map.module.css';
import { MARKER_LABEL_STYLE, toMapLibreZoom, type LatLng, type MapMarker } from './types';

setWorkerUrl(workerUrl);

export interface MapLibreMapProps {
  /** Markers to draw. */
  markers: readonly MapMarker[];
  /** Initial centre. */
  center: LatLng;
  /** Initial zoom, on Google's scale (spec §9); converted with `toMapLibreZoom`. */
  zoom: number;
  /** Zoom limits, on Google's scale. */
  minZoom?: number | undefined;
  maxZoom?: number | undefined;
  /** Fit the view to the markers (at most `zoom`) instead of centring on `center`. */
  fitMarkers: boolean;
  /** A line through these points, in order (the tracking route). */
  route?: readonly LatLng[] | undefined;
  /** Height of the map (CSS length). */
  height: string | number;
  /** Accessible name of the map. */
  label: string;
  /** The browser cannot draw it (no WebGL): the caller shows the list instead. */
  onFailed: () => void;
}

/** Below this MapLibre zoom the city names crowd each other and are hidden. */
const CITY_NAMES_FROM_ZOOM = 4.5;

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/** Everything drawn from the product's own data: no remote style, tiles, glyphs or sprites. */
function baseStyle(route: readonly LatLng[] | undefined): StyleSpecification {
  return {
    version: 8,
    sources: {
      paises: { type: 'geojson', data: EMPTY },
      fronteras: { type: 'geojson', data: EMPTY },
      ciudades: { type: 'geojson', data: EMPTY },
      ruta: {
        type: 'geojson',
        data: route && route.length > 1 ? routeLine(route) : EMPTY,
      },
    },
    layers: [
      { id: 'mar', type: 'background', paint: { 'background-color': '#cfe3f3' } },
      { id: 'paises', type: 'fill', source: 'paises', paint: { 'fill-color': '#f6f3ec' } },
      {
        id: 'costa',
        type: 'line',
        source: 'paises',
        paint: { 'line-color': '#9fbfd8', 'line-width': 0.8 },
      },
      {
        id: 'fronteras',
        type: 'line',
        source: 'fronteras',
        paint: { 'line-color': '#a8a091', 'line-width': 1, 'line-dasharray': [3, 2] },
      },
      {
        id: 'ruta-borde',
        type: 'line',
        source: 'ruta',
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': '#ffffff', 'line-width': 7 },
      },
      {
        id: 'ruta',
        type: 'line',
        source: 'ruta',
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': '#1864ab', 'line-width': 4 },
      },
      {
        id: 'ciudades',
        type: 'circle',
        source: 'ciudades',
        paint: {
          'circle-radius': 3.5,
          'circle-color': '#495057',
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1.5,
        },
      },
    ],
  };
}

/** A marker's pin: its colours, border colour and label (white, 17 px: spec §9). */
function pinElement(marker: MapMarker): HTMLElement {
  const pin = document.createElement('div');
  pin.className = classes.pin!;
  const border = marker.borderColor ?? '#0b3a6e';
  pin.style.background = marker.color ?? '#1864ab';
  pin.style.borderColor = border;
  pin.style.setProperty('--pin-border', border);
  Object.assign(pin.style, MARKER_LABEL_STYLE);
  pin.textContent = marker.label ?? '';
  pin.title = marker.title;
  pin.setAttribute('aria-label', marker.title);
  pin.dataset.marker = String(marker.id);
  return pin;
}

function popupContent(marker: MapMarker): HTMLElement {
  const box = document.createElement('div');
  const title = document.createElement('p');
  title.className = classes.popupTitle!;
  title.textContent = marker.title;
  box.append(title);
  if (marker.description) {
    const text = document.createElement('p');
    text.className = classes.popupText!;
    text.textContent = marker.description;
    box.append(text);
  }
  return box;
}

function cityLabel(name: string): HTMLElement {
  const label = document.createElement('div');
  label.className = classes.city!;
  label.textContent = name;
  // Decoration: MapLibre would make it a "Map marker" button; the names are not for reading.
  label.setAttribute('role', 'presentation');
  label.setAttribute('aria-hidden', 'true');
  return label;
}

/**
 * The offline map (issue 14): MapLibre GL drawing the basemap the portal ships (Natural Earth
 * countries and borders, cities) with the product's markers and route. Works with no network
 * beyond our own origin; shown without a Google key or when Google's script fails.
 */
export function MapLibreMap({
  markers,
  center,
  zoom,
  minZoom,
  maxZoom,
  fitMarkers,
  route,
  height,
  label,
  onFailed,
}: MapLibreMapProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let bounds: LngLatBounds | undefined;
    if (fitMarkers && markers.length > 1) {
      bounds = new LngLatBounds();
      for (const marker of markers) bounds.extend(marker.position);
    }
    let map: MapLibre;
    try {
      map = new MapLibre({
        container: element,
        style: baseStyle(route),
        center,
        zoom: toMapLibreZoom(zoom),
        ...(bounds && {
          bounds,
          fitBoundsOptions: { padding: 56, maxZoom: toMapLibreZoom(zoom) },
        }),
        ...(minZoom !== undefined && { minZoom: toMapLibreZoom(minZoom) }),
        ...(maxZoom !== undefined && { maxZoom: toMapLibreZoom(maxZoom) }),
        attributionControl: false,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        renderWorldCopies: false,
        locale: {
          'Map.Title': label,
          'NavigationControl.ZoomIn': t('mapa.zoomIn'),
          'NavigationControl.ZoomOut': t('mapa.zoomOut'),
          'Popup.Close': t('mapa.closePopup'),
          'AttributionControl.ToggleAttribution': t('mapa.attribution'),
        },
      });
    } catch (error) {
      // No WebGL in this browser: nothing can be drawn.
      console.error(error);
      onFailed();
      return;
    }
    map.touchZoomRotate.disableRotation();
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    map.addControl(
      new AttributionControl({ compact: true, customAttribution: 'Natural Earth' }),
      'bottom-right',
    );

    const cityNames: Marker[] = [];
    const showCityNames = () =>
      element.classList.toggle(classes.far!, map.getZoom() < CITY_NAMES_FROM_ZOOM);
    showCityNames();
    map.on('zoomend', showCityNames);

    const abort = new AbortController();
    map.on('load', () => {
      void fetch(BASEMAP_URL, { signal: abort.signal })
        .then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return response.json() as Promise<Basemap>;
        })
        .then((basemap) => {
          map.getSource<GeoJSONSource>('paises')?.setData(basemap.paises);
          map.getSource<GeoJSONSource>('fronteras')?.setData(basemap.fronteras);
          map.getSource<GeoJSONSource>('ciudades')?.setData(basemap.ciudades);
          for (const city of basemap.ciudades.features) {
            const [lng = 0, lat = 0] = city.geometry.coordinates;
            cityNames.push(
              new Marker({
                element: cityLabel(city.properties.name),
                anchor: 'left',
                offset: [5, 0],
              })
                .setLngLat([lng, lat])
                .addTo(map),
            );
          }
          element.dataset.basemap = 'ready';
        })
        .catch((error: unknown) => {
          // The markers stay on the plain sea colour; the list still has everything.
          if (!abort.signal.aborted) console.error(error);
        });
    });

    // Later markers on top (the tracking's current position comes last).
    for (const marker of markers) {
      new Marker({ element: pinElement(marker), anchor: 'bottom' })
        .setLngLat(marker.position)
        .setPopup(new Popup({ offset: 40, closeButton: true }).setDOMContent(popupContent(marker)))
        .addTo(map);
    }

    return () => {
      abort.abort();
      for (const city of cityNames) city.remove();
      map.remove();
    };
    // One map per set of markers and view; the callbacks and texts do not recreate it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [markers, route, center.lat, center.lng, zoom, minZoom, maxZoom, fitMarkers]);

  return <div ref={container} data-map="maplibre" style={{ height, width: '100%' }} />;
}
