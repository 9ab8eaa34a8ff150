/** One small source of each diagram kind real docs use, and sources mermaid refuses. */
export const KINDS: Record<string, string> = {
  flowchart:
    'flowchart LR\n  A[Mission request] --> B{Range safety}\n  B -->|go| C[Stack rocket]\n  B -->|no go| D[Reschedule]',
  sequence:
    'sequenceDiagram\n  participant Ops as Mission control\n  participant R as Rocket\n  Ops->>R: Arm ignition\n  R-->>Ops: Telemetry OK',
  class:
    'classDiagram\n  class Rocket {\n    +string name\n    +launch()\n  }\n  Rocket --> Payload : carries',
  state:
    'stateDiagram-v2\n  [*] --> Planned\n  Planned --> Countdown\n  Countdown --> Ascent\n  Ascent --> [*]',
  er: 'erDiagram\n  MISSION ||--o{ PAYLOAD : carries\n  MISSION }o--|| PAD : "launches from"',
  gantt:
    'gantt\n  title Launch campaign\n  dateFormat YYYY-MM-DD\n  section Vehicle\n  Stacking :a1, 2025-03-01, 5d\n  Static fire :after a1, 2d',
  pie: 'pie title Propellant mass\n  "LOX" : 68\n  "RP-1" : 32',
  mindmap: 'mindmap\n  root((Mission))\n    Vehicle\n      Booster\n    Ground\n      Pad',
  timeline: 'timeline\n  title Acme Rockets\n  2019 : First hop\n  2021 : Orbit',
};

export const BROKEN = 'flowchart LR\n  Draft[Mission board] --> (((';

/** Tries every way a source could ask mermaid for script, handlers or HTML. */
export const HOSTILE = [
  '%%{init: {"securityLevel": "loose", "flowchart": {"htmlLabels": true}}}%%',
  'flowchart LR',
  '  A["<img src=x onerror=alert(1)>"] --> B["<script>alert(2)</script>"]',
  '  click A call alert(3)',
  '  click B "javascript:alert(4)"',
  '  click A href "https://acme-rockets.example/missions"',
].join('\n');
