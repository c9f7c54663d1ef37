/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A minimal, inline-styled HTML e-mail body (mail clients ignore style sheets). */
export function emailLayout(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; color: #222; line-height: 1.5;">
${bodyHtml}
<p style="color: #777; font-size: 12px;">Extranet de transporte. Este mensaje se ha enviado automáticamente; no responda a él.</p>
</body>
</html>`;
}
