import type { Portal } from './portal';

/** Browser-storage keys, kept apart per portal (spec §9: separate keys for customers and suppliers). */
export function storageKey(
  portal: Portal,
  name: 'afterLogin' | 'pushId' | 'login' | 'columnas',
): string {
  return `extranet.${portal}.${name}`;
}

// Storage can be unavailable (private mode, disabled cookies): losing the value is acceptable,
// breaking the page is not.
function safeSession(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function safeLocal(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function write(storage: Storage | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch (error) {
    console.warn('No se ha podido guardar en el navegador', key, error);
  }
}

function read(storage: Storage | undefined, key: string): string | undefined {
  try {
    return storage?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

function remove(storage: Storage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

/** Remembers the full path (pathname + search + hash) to open after logging in. */
export function saveAfterLogin(portal: Portal, path: string): void {
  write(safeSession(), storageKey(portal, 'afterLogin'), path);
}

/** The stored after-login path of `portal`, if any. */
export function readAfterLogin(portal: Portal): string | undefined {
  return read(safeSession(), storageKey(portal, 'afterLogin'));
}

/** Forgets the after-login path once it has been used. */
export function clearAfterLogin(portal: Portal): void {
  remove(safeSession(), storageKey(portal, 'afterLogin'));
}

/**
 * The "saved user and password" of spec §9. Never a password: `remembered` says the server
 * holds an HttpOnly remember-token cookie that stands in for it.
 */
export interface SavedLogin {
  usuario: string;
  remembered: boolean;
}

/** Stores the user of a successful login (local storage, per portal). */
export function saveSavedLogin(portal: Portal, saved: SavedLogin): void {
  write(safeLocal(), storageKey(portal, 'login'), JSON.stringify(saved));
}

/** The saved login of `portal`, or undefined when there is none or it is unreadable. */
export function readSavedLogin(portal: Portal): SavedLogin | undefined {
  const raw = read(safeLocal(), storageKey(portal, 'login'));
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { usuario, remembered } = value as Record<string, unknown>;
    if (typeof usuario !== 'string' || usuario === '') return undefined;
    return { usuario, remembered: remembered === true };
  } catch {
    return undefined;
  }
}

/** Drops the saved login of `portal` (delete button, failed remembered login, recovery). */
export function clearSavedLogin(portal: Portal): void {
  remove(safeLocal(), storageKey(portal, 'login'));
}

/** Id of this browser's push subscription as the server knows it (session storage, spec §9). */
export function savePushId(portal: Portal, id: number): void {
  write(safeSession(), storageKey(portal, 'pushId'), String(id));
}

export function readPushId(portal: Portal): number | undefined {
  const raw = read(safeSession(), storageKey(portal, 'pushId'));
  const id = raw === undefined ? Number.NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export function clearPushId(portal: Portal): void {
  remove(safeSession(), storageKey(portal, 'pushId'));
}

/**
 * The portal language last chosen in this browser (local storage, both portals alike: it is
 * the person's, not the portal's); a signed-in user's choice is also kept on the server.
 */
const LANGUAGE_KEY = 'extranet.idioma';

export function saveLanguage(language: string): void {
  write(safeLocal(), LANGUAGE_KEY, language);
}

export function readLanguage(): string | undefined {
  return read(safeLocal(), LANGUAGE_KEY);
}

/**
 * A language chosen on a login page, in this tab only: the login that follows makes it the
 * user's (it is newer than the one the session brings).
 */
const LOGIN_LANGUAGE_KEY = 'extranet.idiomaAcceso';

export function saveLoginLanguage(language: string): void {
  write(safeSession(), LOGIN_LANGUAGE_KEY, language);
}

/** The login page's choice, once: reading it forgets it. */
export function takeLoginLanguage(): string | undefined {
  const language = read(safeSession(), LOGIN_LANGUAGE_KEY);
  remove(safeSession(), LOGIN_LANGUAGE_KEY);
  return language;
}

/** The columns a user showed (true) or hid (false) in one table, by column id. */
export type ColumnChoice = Readonly<Record<string, boolean>>;

/**
 * Key of a table's column choice (local storage): per portal when inside one (spec §9), then
 * per table ("extranet.proveedores.columnas.transportes-historico").
 */
export function columnChoiceKey(portal: Portal | undefined, table: string): string {
  return `${portal ? storageKey(portal, 'columnas') : 'extranet.columnas'}.${table}`;
}

/** The stored column choice under `key`; empty (the defaults) when none or unreadable. */
export function readColumnChoice(key: string): ColumnChoice {
  const raw = read(safeLocal(), key);
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
      ),
    );
  } catch {
    return {};
  }
}

/** Remembers a table's column choice; an empty choice forgets it (back to the defaults). */
export function saveColumnChoice(key: string, choice: ColumnChoice): void {
  if (Object.keys(choice).length === 0) remove(safeLocal(), key);
  else write(safeLocal(), key, JSON.stringify(choice));
}
