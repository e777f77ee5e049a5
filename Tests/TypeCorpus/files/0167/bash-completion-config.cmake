# config file for bash-completion
# https://github.com/scop/bash-completion

set (BASH_COMPLETION_VERSION "2.11")

set (BASH_COMPLETION_PREFIX "/usr")

set (BASH_COMPLETION_COMPATDIR "/etc/bash_completion.d")
set (BASH_COMPLETION_COMPLETIONSDIR "/usr/share/bash-completion/completions")
set (BASH_COMPLETION_HELPERSDIR "/usr/share/bash-completion/helpers")

set (BASH_COMPLETION_FOUND "TRUE")
