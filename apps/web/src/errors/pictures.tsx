/** Line drawings for the full-page errors; they take the text colour, so they suit both themes. */

export function LostPicture() {
  return (
    <svg viewBox="0 0 240 160" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round">
      <title>A signpost with no destination</title>
      <path d="M120 150V40" />
      <path d="M120 50h64l14 14-14 14h-64z" />
      <path d="M120 90H62L48 104l14 14h58z" />
      <text x="150" y="69" fill="currentColor" stroke="none" fontSize="16" textAnchor="middle">
        ?
      </text>
      <text x="88" y="109" fill="currentColor" stroke="none" fontSize="16" textAnchor="middle">
        404
      </text>
      <path d="M80 150h80" />
    </svg>
  );
}

export function DisconnectedPicture() {
  return (
    <svg viewBox="0 0 240 160" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round">
      <title>An unplugged cable</title>
      <path d="M20 80h60" />
      <rect x="80" y="64" width="30" height="32" rx="4" />
      <path d="M110 72h14M110 88h14" />
      <rect x="146" y="64" width="30" height="32" rx="4" />
      <path d="M176 80h44" />
      <path d="M132 56l4-10M132 104l4 10M138 80h4" />
    </svg>
  );
}

export function BrowserPicture() {
  return (
    <svg viewBox="0 0 240 160" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round">
      <title>A browser window</title>
      <rect x="40" y="30" width="160" height="110" rx="8" />
      <path d="M40 54h160" />
      <circle cx="56" cy="42" r="3" />
      <circle cx="68" cy="42" r="3" />
      <circle cx="80" cy="42" r="3" />
      <path d="M100 80l40 40M140 80l-40 40" />
    </svg>
  );
}

export function LockedPicture() {
  return (
    <svg viewBox="0 0 240 160" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round">
      <title>A closed padlock</title>
      <rect x="84" y="70" width="72" height="60" rx="8" />
      <path d="M98 70V50a22 22 0 0 1 44 0v20" />
      <path d="M120 92v16" />
      <path d="M60 140h120" />
    </svg>
  );
}

export function BrokenLinkPicture() {
  return (
    <svg viewBox="0 0 240 160" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round">
      <title>An envelope with a broken link</title>
      <rect x="50" y="40" width="140" height="90" rx="6" />
      <path d="M50 46l70 46 70-46" />
      <path d="M92 140l10-14M148 140l-10-14M120 136v-10" />
    </svg>
  );
}
