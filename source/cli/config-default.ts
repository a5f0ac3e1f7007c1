// What `berth config --default` prints and docs/config.md shows: every setting at its default, with the settings
// that have no default as comments. Loaded as it is, it gives exactly berth's defaults (test/unit/cli/config-default.test.ts).
export const DEFAULT_CONFIG_FILE = `# berth's config file: $XDG_CONFIG_HOME/berth/config.yml (default ~/.config/berth/config.yml),
# or --config FILE. Every setting below is at its default; a bad value never stops berth (the status line
# names the setting and the reason, and the default is used).

# The registries the registry view lists; + in that view adds one here. A URL, or {url, insecure, ca}.
registries: []
#  - https://registry.example.com:5000
#  - {url: "localhost:5001", insecure: true}
#  - {url: "https://registry.internal", ca: /etc/ssl/internal-ca.pem}

# Your keys: an action name and the keys that replace its default ones (docs/keys.md lists every action).
keys: {}
#  cursor.down: [j, down]

logs:
  tail: 200             # lines of history a log pane opens with
  bufferLines: 10000    # lines a log pane keeps (100 to 1000000); older ones are dropped

events:
  bufferLines: 5000     # engine events view 9 keeps (100 to 1000000); older ones are dropped

# A container that exits with a code other than 0 (die), is OOM-killed (oom) or turns unhealthy, unless berth
# stopped it: the status line says so until seen, and the terminal bell rings. false: no alerts.
alerts:
  events: [die, oom, unhealthy]
  containers: []        # name patterns (web* is web-1, web-2, …); empty: every container
  notify: false         # true: a desktop notification too, through the terminal (OSC 777 and OSC 9)

exec:
  shells: [/bin/bash, /bin/sh]   # e tries these in order (absolute paths)
#  user: root                    # the user e and E run as (default: the container's)

attach: {}
#  detachKeys: ctrl-p,ctrl-q     # docker's --detach-keys format (this is the default)

# theme: dark            # dark, light or none; unset: none when NO_COLOR is set, else dark
colors: {}               # a colour per role over the theme's (docs/config.md lists the roles)
#  selection: "#264f78"
#  logPrefix: [cyan, green, magenta, yellow]

confirmations: true      # read and checked, no effect yet: destructive actions always ask first
clipboard: true          # false: y copies nothing (no OSC 52, no xclip/wl-copy/pbcopy)
mouse: true              # false: start with the mouse left to the terminal (M switches it)

# Docker contexts the UI opens at once when the command line and the environment name no engine.
contexts: []
#  - prod-a
#  - prod-b

# Your own commands on keys (docs/config.md, "Your own commands").
commands: []
#  - name: du
#    key: U
#    scope: containers
#    command: [docker, exec, "{{.ID}}", du, -sh, /data]
#    output: pane
`;
