#!/usr/bin/env zsh
# Prints the matches real zsh completion offers for a command line, one per line.
# usage: complete.zsh COMPLETIONS_DIR 'pb co'
# An interactive zsh runs in a pseudo-terminal with the project's completions on its
# fpath; compadd is wrapped to print what it is given, and a Tab is typed.
zmodload zsh/zpty || exit 2
zpty session zsh -f -i
zpty -w session "PROMPT='' RPROMPT=''; unset zle_bracketed_paste; fpath=(${(q)1} \$fpath); autoload -U compinit; compinit -u -D"
zpty -w session 'compadd() { local -a __found; builtin compadd -O __found "$@"; print -rl -- "" "<M>"${^__found}; builtin compadd "$@"; }'
zpty -w session "zstyle ':completion:*' menu no; LISTMAX=10000"
zpty -w -n session "$2"$'\t'
sleep 0.5
# Clear the line and print a marker whose text differs from its echo.
zpty -w session $'\x15print END-OF-$((6 * 7))'
zpty -r session output '*END-OF-42*' || exit 3
zpty -d session
print -rl -- ${(u)${(M)${(f)output//$'\r'/}:#<M>*}#<M>}
