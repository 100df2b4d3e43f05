import { useEffect, useRef, useState } from 'react';
import { useHelpCenter } from '../data/content';
import { Disclosure, toggled } from './Disclosure';
import { LoadStatus } from './LoadStatus';
import { SafeHtml } from './SafeHtml';

/** The help centre's sections as a list of titles, ``initialOpen`` open and scrolled to. */
export function HelpSectionList({ initialOpen }: { initialOpen?: string }) {
  const help = useHelpCenter();
  const sections = help.data?.sections ?? [];
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(initialOpen ? [initialOpen] : []));
  const list = useRef<HTMLUListElement>(null);
  const hasSections = sections.length > 0;

  useEffect(() => {
    if (!initialOpen || !hasSections) return;
    const items = Array.from(list.current?.children ?? []) as HTMLElement[];
    items.find((item) => item.dataset.key === initialOpen)?.scrollIntoView?.({ block: 'nearest' });
  }, [initialOpen, hasSections]);

  return (
    <>
      <LoadStatus isPending={help.isPending} isError={help.isError} count={sections.length} emptyKey="help_empty" />
      {hasSections && (
        <ul ref={list} className="disclosure-list help-sections">
          {sections.map((section) => (
            <Disclosure
              key={section.key}
              itemKey={section.key}
              title={section.title}
              open={expanded.has(section.key)}
              onToggle={() => setExpanded(toggled(expanded, section.key))}
            >
              <SafeHtml html={section.content} />
            </Disclosure>
          ))}
        </ul>
      )}
    </>
  );
}
