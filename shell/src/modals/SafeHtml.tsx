/**
 * HTML written by the server: notice and help content is markdown the brand's editors write,
 * rendered on the server with raw HTML disabled, so the markup holds only what markdown makes.
 * This is the one place the shell puts server HTML into the page; anything else stays text.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: html }} />;
}
