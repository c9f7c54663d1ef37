/* global window, document */
/*
 * A stand-in for the Google Maps JavaScript API, served by the browser test in place of
 * https://maps.googleapis.com/maps/api/js (the test machine has no route to Google). It installs
 * the few classes @vis.gl/react-google-maps uses, draws the map as a plain panel with the pins
 * where a Mercator projection puts them, and calls the loader's callback like the real script.
 */
'use strict';
(() => {
  const maps = window.google.maps;
  const params = new URL(document.currentScript.src).searchParams;
  const tolerant = (target) =>
    new Proxy(target, { get: (t, key) => (key in t ? t[key] : () => undefined) });
  const project = (lat, lng, zoom) => {
    const scale = 256 * 2 ** zoom;
    const siny = Math.sin((lat * Math.PI) / 180);
    return {
      x: ((lng + 180) / 360) * scale,
      y: (0.5 - Math.log((1 + siny) / (1 - siny)) / (4 * Math.PI)) * scale,
    };
  };

  class StandInMap {
    constructor(div, options) {
      this.div = div;
      this.options = { ...options };
      div.dataset.googleMap = 'stand-in';
      div.dataset.zoom = String(options.zoom);
      div.dataset.minZoom = String(options.minZoom ?? '');
      div.dataset.maxZoom = String(options.maxZoom ?? '');
      Object.assign(div.style, { position: 'relative', overflow: 'hidden', background: '#e8eaed' });
      const note = document.createElement('div');
      note.textContent = 'Google Maps (simulado en la prueba)';
      Object.assign(note.style, {
        position: 'absolute',
        left: '8px',
        bottom: '8px',
        font: '12px sans-serif',
        color: '#5f6368',
      });
      div.append(note);
      return tolerant(this);
    }
    getDiv() {
      return this.div;
    }
    getZoom() {
      return this.options.zoom;
    }
    getCenter() {
      const c = this.options.center;
      return { lat: () => c.lat, lng: () => c.lng, toJSON: () => c };
    }
    getHeading() {
      return 0;
    }
    getTilt() {
      return 0;
    }
    setOptions(options) {
      Object.assign(this.options, options);
    }
    moveCamera(camera) {
      Object.assign(this.options, camera);
    }
    addListener() {
      return { remove() {} };
    }
    place(element, position) {
      const c = this.options.center;
      const zoom = this.options.zoom;
      const origin = project(c.lat, c.lng, zoom);
      const point = project(position.lat, position.lng, zoom);
      Object.assign(element.style, {
        position: 'absolute',
        left: `${point.x - origin.x + this.div.clientWidth / 2}px`,
        top: `${point.y - origin.y + this.div.clientHeight / 2}px`,
        transform: 'translate(-50%, -100%)',
      });
    }
  }

  class AdvancedMarkerElement {
    constructor() {
      this.element = document.createElement('div');
      this.element.dataset.googleMarker = '';
      this._map = null;
      return tolerant(this);
    }
    set title(value) {
      this.element.title = value;
    }
    get title() {
      return this.element.title;
    }
    set content(value) {
      this.element.replaceChildren(value);
      this._content = value;
    }
    get content() {
      return this._content;
    }
    set position(value) {
      this._position = value;
      this.render();
    }
    get position() {
      return this._position;
    }
    set map(map) {
      this._map = map;
      if (map) map.getDiv().append(this.element);
      else this.element.remove();
      this.render();
    }
    get map() {
      return this._map;
    }
    render() {
      if (this._map && this._position) this._map.place(this.element, this._position);
    }
    addListener() {
      return { remove() {} };
    }
  }

  // The PinElement of versions before 3.62 (no <gmp-pin>): `element`, and `glyph` to fill it.
  class PinElement {
    constructor(options = {}) {
      this.element = document.createElement('div');
      this.element.dataset.pin = '';
      Object.assign(this.element.style, {
        background: options.background,
        border: `3px solid ${options.borderColor}`,
        borderRadius: '50%',
        minWidth: '34px',
        height: '34px',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      });
    }
    set glyph(value) {
      this.element.replaceChildren(value);
    }
  }

  // A polyline is drawn as an SVG path over the panel, through the projected points.
  class Polyline {
    constructor(options) {
      this.options = options;
      this.setMap(options.map);
    }
    setMap(map) {
      this.svg?.remove();
      if (!map) return;
      const div = map.getDiv();
      const c = map.options.center;
      const origin = project(c.lat, c.lng, map.options.zoom);
      const points = this.options.path.map((p) => {
        const point = project(p.lat, p.lng, map.options.zoom);
        return `${point.x - origin.x + div.clientWidth / 2},${point.y - origin.y + div.clientHeight / 2}`;
      });
      this.svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      this.svg.dataset.googleRoute = String(this.options.path.length);
      Object.assign(this.svg.style, {
        position: 'absolute',
        inset: '0',
        width: '100%',
        height: '100%',
      });
      const line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
      line.setAttribute('points', points.join(' '));
      line.setAttribute('fill', 'none');
      line.setAttribute('stroke', this.options.strokeColor);
      line.setAttribute('stroke-width', String(this.options.strokeWeight));
      this.svg.append(line);
      div.prepend(this.svg);
    }
  }

  const libraries = {
    core: { event: maps.event },
    maps: { Map: StandInMap, Polyline },
    marker: { AdvancedMarkerElement, PinElement, CollisionBehavior: {} },
    places: {},
  };
  Object.assign(maps, {
    version: '3.61.0',
    Map: StandInMap,
    marker: libraries.marker,
    ControlPosition: {},
    Settings: { getInstance: () => ({}) },
    CollisionBehavior: {},
    event: { addListener: () => ({ remove() {} }), clearInstanceListeners() {} },
  });
  libraries.core.event = maps.event;
  maps.importLibrary = async (name) => libraries[name] ?? {};
  window.__googleStandIn = { key: params.get('key'), libraries: params.get('libraries') };
  // The loader's callback (google.maps.__ib__) resolves its bootstrap promise.
  const callback = params
    .get('callback')
    .split('.')
    .reduce((object, key) => object[key], window);
  callback();
})();
