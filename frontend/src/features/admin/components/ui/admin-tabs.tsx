import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import '../../../../components/tabs.css';
import './admin-tabs.css';

export interface AdminTab<T extends string> {
  value: T;
  label: ReactNode;
  content: ReactNode;
}

interface AdminTabsProps<T extends string> {
  tabs: ReadonlyArray<AdminTab<T>>;
  value: T;
  onValueChange: (value: T) => void;
  label: string;
}

/** Tab strip with arrow-key movement between tabs (roving focus); only the chosen panel is mounted. */
export function AdminTabs<T extends string>({ tabs, value, onValueChange, label }: AdminTabsProps<T>) {
  return (
    <Tabs.Root
      className="admin-tabs"
      value={value}
      onValueChange={(next) => {
        const tab = tabs.find((candidate) => candidate.value === next);
        if (tab) onValueChange(tab.value);
      }}
    >
      <Tabs.List className="tabs" aria-label={label}>
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} className="tabs__tab">
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className="admin-tabs__panel">
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
