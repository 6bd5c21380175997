import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { MENU, type MenuEntry, type MenuItem } from '../../domain/menu';

/** Message ids cannot hold the route's slashes and dashes. */
export const messageId = (key: string) => key.replace(/[/-]/g, '_');

const entryOf = (key: string): MenuEntry | undefined => MENU.find((entry) => entry.items.some((i) => i.key === key));

/** Labels of SPEC §2 from the i18n messages, falling back to the table in domain/menu. */
export const useMenuText = () => {
  const translate = useTranslate();
  return useMemo(() => {
    const itemLabel = (item: MenuItem) => translate(`app.menu.items.${messageId(item.key)}`, { _: item.label });
    const groupLabel = (entry: MenuEntry) => translate(`app.menu.groups.${entry.label}`, { _: entry.label });
    /** The top bar's title: the item, preceded by its group when it has one. */
    const title = (item: MenuItem) => {
      const entry = entryOf(item.key);
      return entry?.group
        ? translate('app.page_title_in_group', { group: groupLabel(entry), item: itemLabel(item) })
        : itemLabel(item);
    };
    return { itemLabel, groupLabel, title };
  }, [translate]);
};
