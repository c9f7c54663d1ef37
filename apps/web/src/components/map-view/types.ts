/** A point on the map. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** A map marker (spec §3): id, position, title; optionally label, colour, border colour, options. */
export interface MapMarker {
  /** Stable id (React key, list item). */
  id: string | number;
  /** Where the marker stands. */
  position: LatLng;
  /** Marker tooltip and the list item's heading. */
  title: string;
  /** Short text inside the pin (e.g. a count); white, 17 px by default (spec §9). */
  label?: string;
  /** Pin background colour (CSS colour). */
  color?: string;
  /** Pin border colour (CSS colour). */
  borderColor?: string;
  /** Extra line for the list fallback (town, dates…). */
  description?: string;
  /** Extra options for Google's AdvancedMarkerElement (e.g. zIndex). */
  options?: Record<string, unknown>;
}

/** Map settings (spec §3): centre, zoom (default 9), map options and the API key. */
export interface MapConfig {
  /** Initial centre; defaults to the first marker, else Madrid. */
  center?: LatLng;
  /** Initial zoom; spec §9 default 9. */
  zoom?: number;
  /** Extra Google MapOptions (minZoom, maxZoom, mapId…). */
  options?: Record<string, unknown>;
  /** Google Maps key; defaults to the initial data's `config.mapsApiKey`. */
  apiKey?: string;
}

/** Spec §9: the map component's default zoom. */
export const DEFAULT_MAP_ZOOM = 9;
/** Spec §9: the default marker label, white text 17 px (Google and MapLibre pins alike). */
export const MARKER_LABEL_STYLE = { color: '#ffffff', fontSize: '17px' } as const;
/** Spec §7: the libraries the maps script loads. */
export const MAP_LIBRARIES = ['marker', 'places', 'core', 'maps'];
/** Spec §8: logged (never shown) when the script fails to load. */
export const MAPS_LOAD_ERROR = 'The Google Maps JavaScript API could not load.';
/** Spec §8: logged (never shown) when a library is requested before the API exists. */
export const MAPS_IMPORT_ERROR = 'google.maps.importLibrary is not installed.';

/**
 * MapLibre draws 512 px tiles where Google draws 256 px ones: the same scale is one zoom level
 * lower, so the spec's zooms (component 9, test map 7 within 3–9) keep their meaning offline.
 */
export function toMapLibreZoom(googleZoom: number): number {
  return googleZoom - 1;
}
