import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<Id extends string> {
  id: Id;
  label: ReactNode;
  title?: string;
}

/** The DOM ids that tie a tab to its panel (aria-controls / aria-labelledby). */
export const tabId = (group: string, id: string) => `${group}-tab-${id}`;
export const tabPanelId = (group: string, id: string) => `${group}-panel-${id}`;

/**
 * A row of tabs as the WAI-ARIA tabs pattern has it: one Tab stop (the selected tab), the arrow
 * keys move between tabs and select the one they land on, Home and End go to the ends. The panel
 * the tabs control carries `id={tabPanelId(group, selected)}` and `aria-labelledby={tabId(...)}`.
 */
export function TabList<Id extends string>({
  group,
  label,
  items,
  selected,
  onSelect,
  className = 'tabs',
  tabClassName = 'tab',
  children,
}: {
  /** A page-unique name for this set of tabs, used to build the ids. */
  group: string;
  /** The accessible name of the tab list. */
  label: string;
  items: readonly TabItem<Id>[];
  selected: Id;
  onSelect(id: NoInfer<Id>): void;
  className?: string;
  tabClassName?: string;
  /** Extra content inside each tab after its label (e.g. an error badge). */
  children?: (item: TabItem<Id>) => ReactNode;
}) {
  const refs = useRef(new Map<Id, HTMLButtonElement>());
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const at = items.findIndex((i) => i.id === selected);
    const to =
      e.key === 'ArrowRight' ? (at + 1) % items.length
      : e.key === 'ArrowLeft' ? (at - 1 + items.length) % items.length
      : e.key === 'Home' ? 0
      : e.key === 'End' ? items.length - 1
      : -1;
    if (to < 0 || !items.length) return;
    e.preventDefault();
    onSelect(items[to].id);
    refs.current.get(items[to].id)?.focus();
  };
  return (
    <div className={className} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const active = item.id === selected;
        return (
          <button
            key={item.id}
            ref={(el) => {
              if (el) refs.current.set(item.id, el);
              else refs.current.delete(item.id);
            }}
            type="button"
            role="tab"
            id={tabId(group, item.id)}
            aria-selected={active}
            aria-controls={tabPanelId(group, item.id)}
            tabIndex={active ? 0 : -1}
            className={active ? `${tabClassName} active` : tabClassName}
            title={item.title}
            onClick={() => onSelect(item.id)}
          >
            {item.label}
            {children?.(item)}
          </button>
        );
      })}
    </div>
  );
}
