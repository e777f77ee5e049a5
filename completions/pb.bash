# bash completion for pb(1). Installed as share/bash-completion/completions/pb.

_pb_store() {
  printf '%s\n' "${PB_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/pb}"
}

# The pasteboards: the standard ones and every folder of the store with a name pb takes.
# Any other name is left out: compgen -W expands its words, and a folder named $(cmd)
# would run cmd.
_pb_boards() {
  local dir
  printf '%s\n' general find
  for dir in "$(_pb_store)"/boards/*/; do
    [[ -d $dir ]] || continue
    dir=${dir%/} && dir=${dir##*/}
    [[ $dir =~ ^[A-Za-z0-9_-][A-Za-z0-9._-]*$ ]] && printf '%s\n' "$dir"
  done
}

# The SSH hosts, for HOST:BOARD (a board on another machine): the Host names, not the
# patterns, of ~/.ssh/config and the files it Includes, and the names in
# ~/.ssh/known_hosts. Files are only read, and only regular ones (a FIFO would block);
# ssh is never run, as a Tab must not touch the network. Only names that ssh takes as a
# host as they are, and compgen -W cannot expand, are printed.
_pb_hosts() {
  _pb_ssh_config_hosts "$HOME/.ssh/config" 1
  # awk, as a known_hosts can have thousands of lines. Of host,address,[host]:22 each
  # name counts, [host]:22 as host; a hashed name (|1|salt|hash), a pattern or a
  # marker (@cert-authority, @revoked: a line naming no host of its own) is no name.
  local file=$HOME/.ssh/known_hosts
  [[ -f $file && -r $file ]] || return 0
  LC_ALL=C awk '{
    count = split($1, names, ",")
    for (i = 1; i <= count; i++) {
      name = names[i]
      # [host]:port is offered only for port 22: HOST:BOARD names no port, so ssh would
      # dial 22 for another (a port goes in ~/.ssh/config, under a Host alias).
      if (name ~ /^\[/) {
        if (name !~ /\]:22$/) continue
        sub(/^\[/, "", name); sub(/\].*/, "", name)
      }
      if (name ~ /^[A-Za-z0-9_][A-Za-z0-9._-]*$/) print name
    }
  }' "$file" 2>/dev/null
}

# A name ssh takes as a host as it is: no pattern (*, ?, !), no option (-), no quote or
# $ (the awk above tests the same).
_pb_host_name() {
  [[ $1 =~ ^[A-Za-z0-9_][A-Za-z0-9._-]*$ ]]
}

# The Host names of an ssh_config(5) file, and of the files it Includes and those they
# Include (not deeper), found as ssh finds them: a relative path from ~/.ssh, ~/ from
# the home, glob patterns. A line is "Keyword value..." or "Keyword=value...".
_pb_ssh_config_hosts() {
  local file=$1 level=$2 line keyword word included
  local -a words
  [[ -f $file && -r $file ]] || return 0
  while IFS= read -r line || [[ -n $line ]]; do
    [[ $line =~ ^[[:space:]]*([A-Za-z]+)[[:space:]]*[=[:space:]][[:space:]]*(.*)$ ]] || continue
    keyword=${BASH_REMATCH[1],,}
    [[ $keyword == host || ($keyword == include && $level -lt 3) ]] || continue
    # Split at blanks without glob expansion; quotes around a word are dropped.
    read -ra words <<<"${BASH_REMATCH[2]//\"/}"
    for word in "${words[@]}"; do
      if [[ $keyword == host ]]; then
        _pb_host_name "$word" && printf '%s\n' "$word"
        continue
      fi
      # Only plain paths and the glob characters ssh's glob(3) knows: a word naming
      # anything else is skipped rather than risk what the shell makes of it.
      [[ $word =~ ^[][A-Za-z0-9_./~*?@%+,:=-]+$ ]] || continue
      [[ $word == "~/"* ]] && word=$HOME/${word#"~/"}
      [[ $word == /* ]] || word=$HOME/.ssh/$word
      while IFS= read -r included; do
        _pb_ssh_config_hosts "$included" $((level + 1))
      done < <(compgen -G "$word" 2>/dev/null)
    done
  done 2>/dev/null <"$file"
}

# Whether the pasteboard in use (the one named, else PB_PASTEBOARD's) is on this machine:
# pb is asked about it only then, as for HOST:BOARD it would run ssh.
_pb_local() {
  [[ ${1:-$PB_PASTEBOARD} != *:* ]]
}

# Types: those on the pasteboard in use first, then common ones.
_pb_types() {
  local board=$1
  _pb_local "$board" && pb types -i all ${board:+-p "$board"} 2>/dev/null | cut -f2
  printf '%s\n' text image audio video movie font archive url color
  printf '%s\n' public.utf8-plain-text public.plain-text public.text public.html public.rtf \
    public.json public.xml public.url public.file-url public.image public.png public.jpeg \
    public.tiff com.compuserve.gif public.svg-image com.adobe.pdf public.data public.content
}

# bash breaks words at '=' (COMP_WORDBREAKS): `--type=pu` comes as the words "--type"
# "=" "pu", and readline replaces only what follows the '='. So the word completed is
# that (empty right after the '='), the option is the word before the '=', and no reply
# carries the '=' (-o filenames would insert it as '\=').
_pb() {
  local cur=${COMP_WORDS[COMP_CWORD]} option=$((COMP_CWORD - 1)) equals=""
  if [[ $cur == "=" ]]; then
    cur="" equals=1
  elif [[ ${COMP_WORDS[option]} == "=" ]] && ((COMP_CWORD > 2)); then
    option=$((COMP_CWORD - 2)) equals=1
  fi
  local prev=${COMP_WORDS[option]}
  # bash breaks words at ':' too: -p HOST:BOARD comes as "-p" "HOST" ":" "BOARD" (and
  # the word completed is ":" right after it). A board of another machine is not
  # completed: that would take ssh.
  local host=$((COMP_CWORD - 1))
  [[ $cur == : ]] || host=$((COMP_CWORD - 2))
  if [[ ${COMP_WORDS[host + 1]} == : ]] && ((host >= 2)) && [[ ${COMP_WORDS[host]} == -p?* ||
    ${COMP_WORDS[host - 1]} == -p || ${COMP_WORDS[host - 1]} == --pasteboard ||
    (${COMP_WORDS[host - 1]} == = && ${COMP_WORDS[host - 2]} == --pasteboard) ]]; then
    return
  fi
  # -r TYPE=FILE: after the '=', a file.
  if [[ -n $equals && (${COMP_WORDS[option - 1]} == -r || ${COMP_WORDS[option - 1]} == --representation) ]]; then prev=-r; fi
  local commands="copy paste types contains items info clear cut undo redo history group type list create delete count wait watch publish import bridge export serve help"
  if ((COMP_CWORD == 1)); then
    mapfile -t COMPREPLY < <(compgen -W "$commands --help --version" -- "$cur")
    return
  fi
  local command=${COMP_WORDS[1]} board="" i first=2
  if [[ $command == group ]]; then
    if ((COMP_CWORD == 2)); then
      mapfile -t COMPREPLY < <(compgen -W "begin end run --help" -- "$cur")
      return
    fi
    command="group ${COMP_WORDS[2]}"
    first=3
  fi
  for ((i = first; i < COMP_CWORD; i++)); do
    case ${COMP_WORDS[i]} in
    # -p NAME, --pasteboard NAME, --pasteboard=NAME (three words), -pNAME; HOST:BOARD
    # with a ':' word after HOST (kept as HOST:, enough to know the board is remote).
    -p | --pasteboard)
      board=${COMP_WORDS[i + 1]}
      [[ $board == "=" ]] && board=${COMP_WORDS[i + 2]} && ((i++))
      [[ ${COMP_WORDS[i + 2]} == : ]] && board+=:
      ;;
    -p?*)
      board=${COMP_WORDS[i]#-p}
      [[ ${COMP_WORDS[i + 1]} == : ]] && board+=:
      ;;
    --)
      # watch --exec -- CMD ARGS... and group run -- CMD ARGS...: a command, then its own
      # completion, by bash-completion's _command_offset; without it, files. pb's own
      # -o filenames goes first: the command's completion sets the options it wants, and
      # filenames would escape a space it ends a reply with (git's commit\ ).
      if declare -F _command_offset >/dev/null; then
        compopt +o filenames 2>/dev/null
        _command_offset $((i + 1))
      elif ((i == COMP_CWORD - 1)); then
        mapfile -t COMPREPLY < <(compgen -c -- "$cur")
      else
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      fi
      return
      ;;
    esac
  done

  # pb list HOST: (its one argument), pb bridge --remote HOST: the hosts alone.
  if [[ ($command == list && $cur != -* && $prev != --*) || $prev == --remote ]]; then
    [[ $cur == *:* ]] && return
    mapfile -t COMPREPLY < <(compgen -S : -W "$(_pb_hosts | sort -u)" -- "$cur")
    ((${#COMPREPLY[@]} == 1)) && compopt -o nospace +o filenames 2>/dev/null
    return
  fi
  case $prev in
  -p | --pasteboard | --from)
    # HOST:BOARD as one word (COMP_WORDBREAKS without ':'): nothing, as above.
    [[ $cur == *:* ]] && return
    mapfile -t COMPREPLY < <(compgen -W "$(_pb_boards | sort -u)" -- "$cur")
    # The hosts as HOST:, for HOST:BOARD. One left alone is completed without a space
    # after it (the board name follows) and unquoted (-o filenames would write HOST\:).
    mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -S : -W "$(_pb_hosts | sort -u)" -- "$cur")
    if ((${#COMPREPLY[@]} == 1)) && [[ ${COMPREPLY[0]} == *: ]]; then
      compopt -o nospace +o filenames 2>/dev/null
    fi
    return
    ;;
  --conforming-to)
    mapfile -t COMPREPLY < <(compgen -W "$(_pb_types "$board" | sort -u)" -- "$cur")
    return
    ;;
  -t | --type)
    # paste takes a comma-separated list: complete its last entry.
    local done="" last=$cur
    if [[ $command == paste && $cur == *,* ]]; then done=${cur%,*},; last=${cur##*,}; fi
    mapfile -t COMPREPLY < <(compgen -P "$done" -W "$(_pb_types "$board" | sort -u)" -- "$last")
    return
    ;;
  -i | --items)
    # Each index of the pasteboard in use, all, and -1 (the last).
    local count=0 indexes="all"
    _pb_local "$board" && count=$(pb items ${board:+-p "$board"} 2>/dev/null | wc -l)
    if ((count > 0)); then indexes="$(seq 0 $((count - 1))) all -1"; else indexes="0 all"; fi
    mapfile -t COMPREPLY < <(compgen -W "$indexes" -- "$cur")
    return
    ;;
  --selection)
    mapfile -t COMPREPLY < <(compgen -W "clipboard primary" -- "$cur")
    return
    ;;
  --backend)
    mapfile -t COMPREPLY < <(compgen -W "wayland x11 osc52" -- "$cur")
    return
    ;;
  -o | --output)
    mapfile -t COMPREPLY < <(compgen -d -- "$cur")
    return
    ;;
  --archive)
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    return
    ;;
  -r | --representation)
    # TYPE=FILE is one word only when COMP_WORDBREAKS lacks '=': then the reply is the word.
    mapfile -t COMPREPLY < <(compgen -f -- "${cur#*=}")
    [[ $cur == *=* ]] && COMPREPLY=("${COMPREPLY[@]/#/${cur%%=*}=}")
    return
    ;;
  --restore | --show | --pin | --unpin)
    # The numbers of the board's states (pb history --list: N, mark, time, types, text),
    # newest first as listed, not sorted as text.
    compopt -o nosort 2>/dev/null
    _pb_local "$board" || return
    mapfile -t COMPREPLY < <(compgen -W "$(pb history --list ${board:+-p "$board"} 2>/dev/null | cut -f1)" -- "$cur")
    return
    ;;
  -d | --delimiter | --expire | --color | --timeout | --max-size | --since | --if-count | --owner | --prefix | --action | --levels | --name | --max-bytes)
    return
    ;;
  esac

  local options
  case $command in
  copy) options="-p --pasteboard -t --type -r --representation -a --append -n --trim-newline -q --quiet --force-type --expire --concealed --from --color --if-count --action --no-undo" ;;
  paste) options="-p --pasteboard -i --items -t --type -d --delimiter -0 --null -o --output -n --no-clobber -q --quiet --force --json --desktop --selection --backend --if-available" ;;
  types) options="-p --pasteboard -i --items --conforming-to --desktop --json --selection --backend --if-available" ;;
  type) options="--sniff --json" ;;
  contains) options="-p --pasteboard -i --items --all" ;;
  items) options="-p --pasteboard -i --items --json --pictures" ;;
  info) options="-p --pasteboard --json" ;;
  clear) options="-p --pasteboard --if-count --action --no-undo --desktop --selection --backend --if-available" ;;
  cut) options="-p --pasteboard --if-count --action -q --quiet" ;;
  undo | redo | "group begin" | "group end") options="-p --pasteboard" ;;
  history) options="-p --pasteboard --json --list --restore --if-count --levels --clear --max-bytes --pin --unpin -0 --null --show -t --type --force" ;;
  "group run") options="-p --pasteboard --name" ;;
  list) options="--json" ;;
  create) options="--unique --prefix --persistent --owner --expire --exist-ok" ;;
  delete) options="--if-count --action --no-undo" ;;
  count) options="-p --pasteboard" ;;
  wait) options="-p --pasteboard --since --timeout" ;;
  watch) options="-p --pasteboard --json -t --type --exec" ;;
  publish) options="-p --pasteboard -i --items --selection --backend --osc52 --if-available --dry-run --json" ;;
  import) options="-p --pasteboard -a --append --archive --selection --backend --timeout --expire --max-size --all-types --if-available" ;;
  export) options="-p --pasteboard --history --concealed" ;;
  serve) options="" ;;
  bridge) options="-p --pasteboard --to-desktop --from-desktop --selection --backend --timeout --if-available --remote --concealed" ;;
  help)
    # pb help group <Tab>: group's own subcommands.
    if ((COMP_CWORD == 2)); then
      mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
    elif ((COMP_CWORD == 3)) && [[ ${COMP_WORDS[2]} == group ]]; then
      mapfile -t COMPREPLY < <(compgen -W "begin end run" -- "$cur")
    fi
    return
    ;;
  *) return ;;
  esac
  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$options -h --help" -- "$cur")
    return
  fi
  case $command in
  copy | cut) mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
  delete | create) mapfile -t COMPREPLY < <(compgen -W "$(_pb_boards | sort -u)" -- "$cur") ;;
  contains) mapfile -t COMPREPLY < <(compgen -W "$(_pb_types "$board" | sort -u)" -- "$cur") ;;
  type)
    local word sniffing=""
    for word in "${COMP_WORDS[@]}"; do [[ $word == --sniff ]] && sniffing=1; done
    if [[ -n $sniffing ]]; then
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    else
      mapfile -t COMPREPLY < <(compgen -W "$(_pb_types "$board" | sort -u)" -- "$cur")
    fi
    ;;
  esac
}

complete -o filenames -F _pb pb

# pbcopy and pbpaste, pb under macOS's names (install.sh links this file under theirs).
_pb_macos() {
  local cur=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD - 1]} options="-pboard -help"
  [[ $1 == pbpaste ]] && options+=" -Prefer"
  case $previous in
  -pboard) mapfile -t COMPREPLY < <(compgen -W "$(_pb_boards | sort -u)" -- "$cur") ;;
  -Prefer) mapfile -t COMPREPLY < <(compgen -W "txt rtf ps" -- "$cur") ;;
  *) mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur") ;;
  esac
}

complete -F _pb_macos pbcopy pbpaste
