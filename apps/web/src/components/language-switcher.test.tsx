import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { loadLanguage, preferredLanguage } from '../i18n';
import { readLanguage } from '../lib/storage';
import { TestProviders, testQueryClient } from '../test/render';
import { LanguageSwitcher } from './language-switcher';

function renderMenu(onChosen = vi.fn()) {
  render(
    <TestProviders queryClient={testQueryClient()}>
      <LanguageSwitcher onChosen={onChosen} />
    </TestProviders>,
  );
  return onChosen;
}

afterEach(async () => {
  localStorage.clear();
  await loadLanguage('es');
});

describe('LanguageSwitcher (issue 20 point 7)', () => {
  it('opens its menu on first use from the keyboard, and Escape gives the focus back', async () => {
    renderMenu();
    const plain = screen.getByRole('button', { name: 'Idioma: Español' });
    // Until then the menu is not there: a plain button that says it opens one.
    expect(plain).toHaveAttribute('aria-haspopup', 'menu');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    plain.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Idioma: Español' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it('lists the six languages by their own names, the current one marked', async () => {
    renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Idioma: Español' }));
    const menu = await screen.findByRole('menu');
    const items = await waitFor(() => {
      const found = Array.from(menu.querySelectorAll('[role="menuitem"]'));
      expect(found).toHaveLength(6);
      return found;
    });
    expect(items.map((item) => item.textContent)).toEqual([
      'Español',
      'English',
      'Français',
      'Italiano',
      'Română',
      'Türkçe',
    ]);
    expect(items.map((item) => item.getAttribute('lang'))).toEqual([
      'es',
      'en',
      'fr',
      'it',
      'ro',
      'tr',
    ]);
    expect(items.filter((item) => item.getAttribute('aria-current') === 'true')).toEqual([
      items[0],
    ]);
  });

  it('applies a choice at once, remembers it in the browser and tells the portal', async () => {
    const onChosen = renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Idioma: Español' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Français' }));
    expect(
      await screen.findByRole('button', { name: 'Langue : Français' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(i18n.language).toBe('fr');
    expect(i18n.t('shell.logout')).toBe('Se déconnecter');
    expect(document.documentElement.lang).toBe('fr');
    expect(readLanguage()).toBe('fr');
    expect(onChosen).toHaveBeenCalledExactlyOnceWith('fr');
  });
});

describe('the visitor’s language before any choice', () => {
  it('is the one chosen last in this browser, else the browser’s, else Spanish', () => {
    expect(preferredLanguage('ro', ['fr-FR'])).toBe('ro');
    expect(preferredLanguage('de', ['de-DE', 'tr-TR', 'en'])).toBe('tr');
    expect(preferredLanguage(undefined, ['it-IT'])).toBe('it');
    expect(preferredLanguage(undefined, ['de-DE', 'pt'])).toBe('es');
  });
});
