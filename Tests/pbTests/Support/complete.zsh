#!/usr/bin/env zsh
# Prints the matches real zsh completion offers for a command line, one per line; with
# --listing, what the Tab shows instead: the list of matches with their descriptions;
# with --line, the line as the Tab left it, as "<LINE>line"; with --again, the matches
# of a second Tab on the same line in the same session, after a first.
# usage: complete.zsh COMPLETIONS_DIR 'pb co' [--listing | --line | --again]
# An interactive zsh runs in a pseudo-terminal with the project's completions on its
# fpath; compadd is wrapped to print what it is given, and a Tab is typed.
#
# Each step waits for a marker that the previous one prints, and every wait has a
# deadline: zsh discards what is typed before its line editor starts, so a driver that
# types ahead can wait forever on a loaded machine.
zmodload zsh/zpty zsh/zselect zsh/datetime || exit 2
zpty session zsh -f -i
terminal=$REPLY  # the pseudo-terminal's descriptor, to wait on
output=''

give_up() {
  print -ru2 -- "complete.zsh: zsh never printed '$1'; it printed: ${output//$'\r'/}"
  zpty -d session
  exit 3
}

# Reads what the session has printed so far, waiting (20 ms at most: a step's own
# deadline is checked between) until there is something when there is nothing.
read_some() {
  local chunk
  if zpty -rt session chunk; then output+=$chunk; else zselect -t 2 -r $terminal; fi
}

# Reads the session's output until it holds $1; gives up after 15 seconds.
await() {
  local deadline=$(( EPOCHREALTIME + 15 ))
  while [[ $output != *$1* ]]; do
    (( EPOCHREALTIME < deadline )) || give_up $1
    read_some
  done
}

# The marker's echo differs from what it prints, so only a finished command matches.
# Until the shell is reading, typed lines may be dropped: repeat until one is run.
deadline=$(( EPOCHREALTIME + 15 ))
until [[ $output == *STARTED-42* ]]; do
  (( EPOCHREALTIME < deadline )) || give_up STARTED-42
  zpty -w session 'print STARTED-$((6 * 7))'
  repeat 10 read_some
done
zpty -w session "PROMPT='' RPROMPT=''; unset zle_bracketed_paste; fpath=(${(q)1} \$fpath); autoload -U compinit; compinit -u -D"
# Not for --line: with the wrapper, a lone match _describe gives is left uninserted.
if [[ $3 != --line ]]; then
  zpty -w session 'compadd() { local -a __found; builtin compadd -O __found "$@"; print -rl -- "" "<M>"${^__found}; builtin compadd "$@"; }'
fi
# Ctrl-X Ctrl-L prints the line being edited, for --line.
zpty -w session 'print-line() { zle -I; print -r -- "<LINE>$BUFFER</LINE>"; }; zle -N print-line; bindkey "^X^L" print-line'
# Until the line editor has started, the terminal is in canonical mode, where the Ctrl-U
# typed after the Tab would erase the whole line unseen: wait for the editor's own hook.
zpty -w session 'zle-line-init() { print -rn -- "<ZLE-$((6 * 7))>"; }; zle -N zle-line-init'
zpty -w session "zstyle ':completion:*' menu no; LISTMAX=10000; print READY-\$((6 * 7))"
await READY-42
output=${output#*READY-42}
await '<ZLE-42>'
output=''
if [[ $3 == --again ]]; then
  zpty -w -n session "$2"$'\t'
  zpty -w session $'\x15print FIRST-OF-$((6 * 7))'
  await FIRST-OF-42
  output=${output#*FIRST-OF-42}
  await '<ZLE-42>'
  output=''
fi
# The line editor handles keys in order: the Tab completes before Ctrl-U clears the line.
zpty -w -n session "$2"$'\t'
[[ $3 == --line ]] && zpty -w -n session $'\x18\x0c' && await '</LINE>'
zpty -w session $'\x15print END-OF-$((6 * 7))'
await END-OF-42
zpty -d session
if [[ $3 == --line ]]; then
  setopt extendedglob
  [[ ${output//$'\r'/} == (#b)*'<LINE>'(*)'</LINE>'* ]] && print -r -- "<LINE>$match[1]"
elif [[ $3 == --listing ]]; then
  print -rl -- ${(f)output//$'\r'/}
else
  print -rl -- ${(u)${(M)${(f)output//$'\r'/}:#<M>*}#<M>}
fi
