import { useEffect, useRef, useState } from 'react';
import { type Fix, shouldPing } from './geo';

export type SharingState = 'off' | 'on' | 'denied';

export interface PositionSharing {
  state: SharingState;
  start: () => void;
  stop: () => void;
}

/**
 * Watches the phone's position while the driver consents, calling `onPing` for each position
 * worth sending (every ~2 min or 500 m). The consent is remembered per link, so a reload keeps
 * sharing; stopping forgets it.
 */
export function usePositionSharing(
  consentKey: string,
  onPing: (position: GeolocationPosition) => void,
): PositionSharing {
  const [state, setState] = useState<SharingState>(() =>
    localStorage.getItem(consentKey) === 'si' ? 'on' : 'off',
  );
  const last = useRef<Fix | undefined>(undefined);
  const ping = useRef(onPing);
  useEffect(() => {
    ping.current = onPing;
  });

  useEffect(() => {
    if (state !== 'on' || !('geolocation' in navigator)) return;
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        const fix = {
          lat: position.coords.latitude,
          lng: position.coords.longitude,
          at: position.timestamp,
        };
        if (!shouldPing(last.current, fix)) return;
        last.current = fix;
        ping.current(position);
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) {
          localStorage.removeItem(consentKey);
          setState('denied');
        }
      },
      { enableHighAccuracy: true, maximumAge: 30_000, timeout: 60_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [state, consentKey]);

  return {
    state,
    start: () => {
      localStorage.setItem(consentKey, 'si');
      setState('on');
    },
    stop: () => {
      localStorage.removeItem(consentKey);
      last.current = undefined;
      setState('off');
    },
  };
}
