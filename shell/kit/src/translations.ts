import i18next from 'i18next';

/** A namespace's texts per language code. */
export type Texts = Record<string, Record<string, string>>;

/**
 * Add a namespace's texts to the page's i18next (the shell's, shared): at once when it is started,
 * else as soon as it is. A remote's modules register their texts when they load, which may be before
 * the shell starts i18next (tests load pages first), and i18next has nowhere to keep texts until then.
 */
export function addTranslations(namespace: string, texts: Texts): void {
  const add = () => {
    for (const [language, bundle] of Object.entries(texts)) i18next.addResourceBundle(language, namespace, bundle, true, true);
  };
  if (i18next.isInitialized) {
    add();
    return;
  }
  const onInitialized = () => {
    i18next.off('initialized', onInitialized);
    add();
  };
  i18next.on('initialized', onInitialized);
}
