import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export type Tab<K extends string | number> = { key: K; label: string };

type TabsProps<K extends string | number> = {
  /** The accessible name of the tab list. */
  label: string;
  tabs: readonly Tab<K>[];
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
};

/**
 * Tabs with the WAI-ARIA keyboard pattern: the selected tab is the one stop in the Tab order, the
 * arrow keys, Home and End move between tabs and select them; the panel is labelled by its tab.
 */
export function Tabs<K extends string | number>({ label, tabs, selected, onSelect, children }: TabsProps<K>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (key: K) => `${id}-tab-${key}`;

  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const tab = next === null ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.key);
    const target = list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(tab.key))}`);
    target?.focus();
    // Focus alone may leave the tab under the row's faded edge: the whole tab comes into view.
    target?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label} ref={list}>
        {tabs.map((tab, index) => {
          const isSelected = tab.key === selected;
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              className="tabs__tab"
              aria-selected={isSelected}
              aria-controls={`${id}-panel`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.key)}
              onKeyDown={(event) => move(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div className="tabs__panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(selected)}>
        {children}
      </div>
    </div>
  );
}
