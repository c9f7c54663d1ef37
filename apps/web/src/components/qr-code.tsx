import { Image, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';

/** A QR code of `value` as an SVG image (the `qrcode` library loads with the dialog only). */
export function QrCode({
  value,
  label,
  size = 220,
}: {
  value: string;
  label: string;
  size?: number;
}) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qrcode) =>
        qrcode.toString(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
      )
      .then((text) => live && setSvg(text));
    return () => {
      live = false;
    };
  }, [value]);
  if (!svg) return <Loader size="sm" />;
  return (
    <Image
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      w={size}
      h={size}
      fit="contain"
    />
  );
}
