# fish completion for pb(1). Installed as share/fish/vendor_completions.d/pb.fish, and
# linked there as pbcopy.fish and pbpaste.fish: fish loads a command's completions from
# the file named after it.

function __pb_store
    if test -n "$PB_DIR"
        echo $PB_DIR
    else if test -n "$XDG_DATA_HOME"
        echo $XDG_DATA_HOME/pb
    else
        echo $HOME/.local/share/pb
    end
end

# The pasteboards: the standard ones and every folder of the store with a name pb takes.
function __pb_boards
    printf '%s\tpasteboard\n' general find
    # Matched on the whole path: a command substitution would split a folder named
    # "a<newline>b" into the two names a and b.
    for dir in (__pb_store)/boards/*/
        string match -r -g -- '/([A-Za-z0-9_-][A-Za-z0-9._-]*)/\z' $dir
    end | sort -u | string replace -r '$' '\tpasteboard'
end

# The SSH hosts, for HOST:BOARD (a board on another machine), as pb.bash finds them: the
# Host names, not the patterns, of ~/.ssh/config and the files it Includes, and the names
# in ~/.ssh/known_hosts. Files are only read, and only regular ones (a FIFO would block);
# ssh is never run, as a Tab must not touch the network.
function __pb_hosts
    __pb_ssh_config_hosts $HOME/.ssh/config 1
    set -l file $HOME/.ssh/known_hosts
    test -f $file -a -r $file; or return 0
    # Of host,address,[host]:22 each name counts, [host]:22 as host; a hashed name
    # (|1|salt|hash), a pattern or a marker (@cert-authority, @revoked: a line naming no
    # host of its own) is no name. [host]:port is offered only for port 22: HOST:BOARD
    # names no port, so ssh would dial 22 for another (a port goes in ~/.ssh/config).
    string replace -r -- '^\s*(\S*).*$' '$1' <$file 2>/dev/null | string split -- , |
        string replace -r -- '^\[(.*)\]:22$' '$1' | string match -r -- '^[A-Za-z0-9_][A-Za-z0-9._-]*$'
end

# The Host names of an ssh_config(5) file, and of the files it Includes and those they
# Include (not deeper), found as ssh finds them: a relative path from ~/.ssh, ~/ from the
# home, * and ? in a path. A line is "Keyword value..." or "Keyword=value...".
function __pb_ssh_config_hosts --argument-names file level
    test -f "$file" -a -r "$file"; or return 0
    while read -l line
        set -l parts (string match -r -- '^\s*([A-Za-z]+)\s*[=\s]\s*(.*)$' $line); or continue
        set -l keyword (string lower -- $parts[2])
        # Split at blanks; quotes around a word are dropped.
        set -l words (string split -n ' ' -- (string replace -a '"' '' -- $parts[3] | string replace -a \t ' '))
        switch $keyword
            case host
                string match -r -- '^[A-Za-z0-9_][A-Za-z0-9._-]*$' $words
            case include
                test $level -lt 3; or continue
                for word in $words
                    string match -rq -- '^[A-Za-z0-9_./~*?@%+,:=-]+$' $word; or continue
                    string match -q -- '~/*' $word; and set word $HOME/(string sub -s 3 -- $word)
                    string match -q -- '/*' $word; or set word $HOME/.ssh/$word
                    for included in (__pb_glob $word)
                        __pb_ssh_config_hosts $included (math $level + 1)
                    end
                end
        end
    end <$file 2>/dev/null
end

# The files an absolute path with * and ? names, one folder at a time; the path itself is
# never evaluated.
function __pb_glob --argument-names pattern
    set -l found /
    for part in (string split -n / -- $pattern)
        set -l next
        for base in $found
            if string match -qr -- '[*?]' $part
                for entry in $base*
                    string match -q -- $part (string replace -r -- '.*/' '' $entry); and set -a next $entry/
                end
            else if test -e $base$part
                set -a next $base$part/
            end
        end
        set found $next
    end
    for entry in (string replace -r '/$' '' -- $found)
        test -f $entry; and echo $entry
    end
end

# The words typed before the one completed.
function __pb_words
    commandline -opc
end

# The command the line runs: "copy", "group run"; "group" before group's own word.
function __pb_command
    set -l words (__pb_words)
    set -q words[2]; or return 1
    if test "$words[2]" = group; and set -q words[3]
        echo "group $words[3]"
    else
        echo $words[2]
    end
end

# Whether the cursor is past the -- of watch --exec or group run: the words there are a
# command's own.
function __pb_after_dashes
    contains -- (__pb_command) watch "group run"; or return 1
    contains -- -- (__pb_words)[3..-1]
end

# Whether the line runs one of the commands given (and the cursor is not past its --).
function __pb_using
    set -l command (__pb_command); or return 1
    contains -- $command $argv; and not __pb_after_dashes
end

function __pb_needs_command
    test (count (__pb_words)) -eq 1
end

# The command after -- and its arguments, completed by that command's own completion.
function __pb_command_after_dashes
    set -l words (__pb_words)
    set -l index (contains -i -- -- $words)
    set -l rest $words[(math $index + 1)..-1]
    if set -q rest[1]
        complete -C (string join ' ' -- (string escape -- $rest) (commandline -ct))
    else
        __fish_complete_command
    end
end

# The pasteboard in use: the one -p names, else PB_PASTEBOARD's.
function __pb_board
    set -l words (__pb_words)
    set -l board $PB_PASTEBOARD
    for index in (seq 2 (count $words))
        switch $words[$index]
            case -p --pasteboard
                set -q words[(math $index + 1)]; and set board $words[(math $index + 1)]
            case '--pasteboard=*'
                set board (string replace -- --pasteboard= '' $words[$index])
            case '-p?*'
                set board (string sub -s 3 -- $words[$index])
        end
    end
    echo $board
end

# pb is asked about the pasteboard in use only when it is on this machine: for HOST:BOARD
# it would run ssh.
function __pb_local_board
    set -l board (__pb_board)
    string match -q -- '*:*' "$board"; and return 1
    echo $board
end

# After -p and --from: the boards, and the hosts as HOST: (for HOST:BOARD), which fish
# completes with no space after it. Once the word holds a ':', nothing: the boards are on
# the other machine.
function __pb_pasteboards
    string match -q -- '*:*' (commandline -ct); and return
    __pb_boards
    __pb_remote_hosts
end

function __pb_remote_hosts
    string match -q -- '*:*' (commandline -ct); and return
    __pb_hosts | sort -u | string replace -r '$' ':\thost (HOST:BOARD)'
end

# Types: those on the pasteboard in use first, then common ones.
function __pb_types
    set -l board (__pb_local_board); and pb types -i all (test -n "$board"; and printf '%s\n' -p $board) 2>/dev/null | string split -f2 \t
    printf '%s\n' text image audio video movie font archive url color
    printf '%s\n' public.utf8-plain-text public.plain-text public.text public.html public.rtf \
        public.json public.xml public.url public.file-url public.image public.png public.jpeg \
        public.tiff com.compuserve.gif public.svg-image com.adobe.pdf public.data public.content
end

# paste -t takes a comma-separated list: its last entry, after those typed.
function __pb_type_list
    set -l typed (string replace -r -- '^(-t|--type=)' '' (commandline -ct))
    set -l done (string match -r -- '^.*,' $typed)
    __pb_types | string replace -r '^' "$done"
end

# Each index of the pasteboard in use, all, and -1 (the last).
function __pb_indexes
    set -l count 0
    set -l board (__pb_local_board); and set count (pb items (test -n "$board"; and printf '%s\n' -p $board) 2>/dev/null | count)
    if test $count -gt 0
        seq 0 (math $count - 1)
        printf '%s\n' all -1
    else
        printf '%s\n' 0 all
    end
end

# The numbers of the board's states, newest first, each described by its text (pb history
# --list: N, mark, time, types, text, separated by tabs).
function __pb_history_states
    set -l board (__pb_local_board); or return
    pb history --list (test -n "$board"; and printf '%s\n' -p $board) 2>/dev/null | awk -F '\t' '{ print $1 "\t" $5 }'
end

# fish sources this file again as pbcopy.fish and pbpaste.fish: what an earlier load
# added is erased first, so that each completion is there once.
complete -e -c pb
complete -e -c pbcopy
complete -e -c pbpaste
complete -c pb -f

# The commands.
complete -c pb -n __pb_needs_command -a copy -d 'copy standard input or files to a pasteboard'
complete -c pb -n __pb_needs_command -a paste -d 'write the chosen items to standard output'
complete -c pb -n __pb_needs_command -a types -d 'list the types of the chosen items'
complete -c pb -n __pb_needs_command -a contains -d 'exit 0 if the chosen items hold a type'
complete -c pb -n __pb_needs_command -a items -d 'show each item with its types, sizes and a preview'
complete -c pb -n __pb_needs_command -a info -d 'show the change count and number of items'
complete -c pb -n __pb_needs_command -a clear -d 'remove every item'
complete -c pb -n __pb_needs_command -a cut -d 'copy files as items, then remove them'
complete -c pb -n __pb_needs_command -a undo -d 'undo the last change, or the last N'
complete -c pb -n __pb_needs_command -a redo -d 'redo the last undone change, or the last N'
complete -c pb -n __pb_needs_command -a history -d 'list the undo and redo stacks or past states, restore one'
complete -c pb -n __pb_needs_command -a group -d 'make several changes one undo entry'
complete -c pb -n __pb_needs_command -a type -d 'explain types, or show the type copy would store'
complete -c pb -n __pb_needs_command -a list -d 'list the pasteboards'
complete -c pb -n __pb_needs_command -a create -d 'create a pasteboard, temporary unless --persistent'
complete -c pb -n __pb_needs_command -a delete -d 'delete pasteboards'
complete -c pb -n __pb_needs_command -a count -d 'print the change count'
complete -c pb -n __pb_needs_command -a wait -d 'wait until the pasteboard changes'
complete -c pb -n __pb_needs_command -a watch -d 'print a line or run a command for each change'
complete -c pb -n __pb_needs_command -a publish -d 'offer an item on the desktop clipboard'
complete -c pb -n __pb_needs_command -a import -d 'copy what the desktop clipboard holds, or read an archive'
complete -c pb -n __pb_needs_command -a bridge -d 'keep a pasteboard and the desktop clipboard in step'
complete -c pb -n __pb_needs_command -a export -d 'write a pasteboard to standard output as an archive'
complete -c pb -n __pb_needs_command -a serve -d "serve this machine's pasteboards to pb on another (over ssh)"
complete -c pb -n __pb_needs_command -a help -d 'show help for a command'
complete -c pb -n __pb_needs_command -l version -d 'show the version'
complete -c pb -n 'not __pb_after_dashes' -s h -l help -d 'show help'

complete -c pb -n '__pb_using group' -a begin -d 'open an undo group'
complete -c pb -n '__pb_using group' -a end -d 'close the innermost undo group'
complete -c pb -n '__pb_using group' -a run -d 'run a command inside an undo group'
complete -c pb -n '__pb_using help; and test (count (__pb_words)) -eq 2' -a 'copy paste types contains items info clear cut undo redo history group type list create delete count wait watch publish import bridge export serve'
complete -c pb -n '__pb_using help; and test (count (__pb_words)) -eq 3; and test (__pb_words)[3] = group' -a 'begin end run'

# watch --exec -- CMD ARGS... and group run -- CMD ARGS...: a command, then its own completion.
complete -c pb -n __pb_after_dashes -x -a '(__pb_command_after_dashes)'

# Options each command shares with others.
complete -c pb -n '__pb_using copy paste types contains items info clear cut undo redo history count wait watch publish import export bridge "group begin" "group end" "group run"' -s p -l pasteboard -x -a '(__pb_pasteboards)' -d 'pasteboard to use'
complete -c pb -n '__pb_using paste types contains items' -s i -l items -x -a '(__pb_indexes)' -d 'items to use (0, 1,3, 2-4, all, -1)'
complete -c pb -n '__pb_using publish' -s i -l items -x -a '(__pb_indexes)' -d 'the item to offer (default 0)'
complete -c pb -n '__pb_using paste types type items info history list watch publish' -l json -d 'print a JSON report'
complete -c pb -n '__pb_using copy paste cut' -s q -l quiet -d 'show no progress line'
complete -c pb -n '__pb_using paste types clear publish import bridge' -l selection -x -a 'clipboard primary' -d 'the desktop selection'
complete -c pb -n '__pb_using paste types clear publish import bridge' -l backend -x -a 'wayland x11 osc52' -d 'how to reach the desktop'
complete -c pb -n '__pb_using paste types clear publish import bridge' -l if-available -d 'succeed quietly without a desktop clipboard'
complete -c pb -n '__pb_using paste types clear' -l desktop -d 'use the desktop clipboard instead'
complete -c pb -n '__pb_using copy clear cut history delete' -l if-count -x -d 'act only if the change count is still this'
complete -c pb -n '__pb_using copy clear cut delete' -l action -x -d 'name the undo entry'
complete -c pb -n '__pb_using copy clear delete' -l no-undo -d 'do not record the change in history'
complete -c pb -n '__pb_using copy import' -l expire -x -d 'make the items vanish after a duration or at a time'
complete -c pb -n '__pb_using create' -l expire -x -d 'how long items live by default'
complete -c pb -n '__pb_using copy export bridge' -l concealed -d 'concealed items: mark, write or carry them'
complete -c pb -n '__pb_using wait import bridge' -l timeout -x -d 'give up after this long'
complete -c pb -n '__pb_using copy import' -s a -l append -d 'add items after the existing ones'
complete -c pb -n '__pb_using paste history' -s 0 -l null -d 'separate items with NUL bytes'
complete -c pb -n '__pb_using paste history' -l force -d 'write data that is not text to a terminal'

# copy and cut take files.
complete -c pb -n '__pb_using copy cut' -F
complete -c pb -n '__pb_using copy' -s t -l type -x -a '(__pb_types)' -d 'type of the data instead of detecting it'
complete -c pb -n '__pb_using copy' -s r -l representation -r -F -d 'a representation of the one item: TYPE=FILE or FILE'
complete -c pb -n '__pb_using copy' -s n -l trim-newline -d 'do not store one trailing newline of each input'
complete -c pb -n '__pb_using copy' -l force-type -d 'keep a type given as text for data that is not text'
complete -c pb -n '__pb_using copy' -l from -x -a '(__pb_pasteboards)' -d 'copy every item of this pasteboard'
complete -c pb -n '__pb_using copy' -l color -x -d 'copy a color, as CSS writes it (#ff8800)'

complete -c pb -n '__pb_using paste' -s t -l type -x -a '(__pb_type_list)' -d 'preferred types, richest first'
complete -c pb -n '__pb_using paste' -s d -l delimiter -x -d 'what separates items'
complete -c pb -n '__pb_using paste' -s o -l output -x -a '(__fish_complete_directories)' -d 'save each item as a file in this directory'
complete -c pb -n '__pb_using paste' -s n -l no-clobber -d 'with -o: keep files that exist already'

complete -c pb -n '__pb_using types' -l conforming-to -x -a '(__pb_types)' -d 'list only types conforming to this one'
complete -c pb -n '__pb_using type' -l sniff -d 'show the type copy would store for files'
complete -c pb -n '__pb_using type; and contains -- --sniff (__pb_words)' -F
complete -c pb -n '__pb_using type; and not contains -- --sniff (__pb_words)' -a '(__pb_types)'
complete -c pb -n '__pb_using contains' -a '(__pb_types)'
complete -c pb -n '__pb_using contains' -l all -d 'require every type instead of any one'
complete -c pb -n '__pb_using items' -l pictures -d 'show each image item as a picture'

complete -c pb -n '__pb_using history' -l list -d 'list the states, newest first, for a picker'
complete -c pb -n '__pb_using history' -l restore -x -k -a '(__pb_history_states)' -d 'make the board what it was in a state'
complete -c pb -n '__pb_using history' -l show -x -k -a '(__pb_history_states)' -d "write a state's clip as pb paste would"
complete -c pb -n '__pb_using history' -l pin -x -k -a '(__pb_history_states)' -d 'pin a state: levels and the budget keep it'
complete -c pb -n '__pb_using history' -l unpin -x -k -a '(__pb_history_states)' -d 'unpin a state'
complete -c pb -n '__pb_using history' -l levels -x -d 'keep at most this many undo entries (0: no limit)'
complete -c pb -n '__pb_using history' -l max-bytes -x -d 'keep at most this many bytes of past states'
complete -c pb -n '__pb_using history' -l clear -d 'remove every entry and the data only they held'
complete -c pb -n '__pb_using history' -s t -l type -x -a '(__pb_type_list)' -d 'with --show: preferred types, richest first'

complete -c pb -n '__pb_using "group run"' -l name -x -d 'name the undo entry'
complete -c pb -n '__pb_using list; and not string match -q -- "-*" (commandline -ct)' -a '(__pb_remote_hosts)'

complete -c pb -n '__pb_using create delete' -a '(__pb_boards)'
complete -c pb -n '__pb_using create' -l unique -d 'make a fresh unique name and print it'
complete -c pb -n '__pb_using create' -l prefix -x -d 'how a unique name starts'
complete -c pb -n '__pb_using create' -l persistent -d 'keep the pasteboard until it is deleted'
complete -c pb -n '__pb_using create' -l owner -x -a '(__fish_complete_pids)' -d 'the process the pasteboard belongs to'
complete -c pb -n '__pb_using create' -l exist-ok -d 'succeed if it exists already'

complete -c pb -n '__pb_using wait' -l since -x -d 'return once the change count exceeds this'
complete -c pb -n '__pb_using watch' -s t -l type -x -a '(__pb_type_list)' -d 'the representation --exec gives the command'
complete -c pb -n '__pb_using watch' -l exec -d 'run a command for each change'

complete -c pb -n '__pb_using publish' -l osc52 -d 'send the text to the terminal with OSC 52'
complete -c pb -n '__pb_using publish' -l dry-run -d 'list the names the item would be offered under'
complete -c pb -n '__pb_using import' -l archive -r -F -d 'read the items from an archive pb export wrote (- for stdin)'
complete -c pb -n '__pb_using import' -l max-size -x -d 'leave out the types that do not fit in this size'
complete -c pb -n '__pb_using import' -l all-types -d 'read the image types a toolkit makes on request too'
complete -c pb -n '__pb_using export' -l history -d 'write the undo and redo stacks too'
complete -c pb -n '__pb_using bridge' -l to-desktop -d "only offer the pasteboard's changes on the desktop"
complete -c pb -n '__pb_using bridge' -l from-desktop -d "only copy the desktop's changes to the pasteboard"
complete -c pb -n '__pb_using bridge' -l remote -x -a '(__pb_remote_hosts)' -d 'keep in step with a pasteboard of another machine'

# pbcopy and pbpaste: pb under macOS's names, with their single-dash options.
complete -c pbcopy -f
complete -c pbcopy -o pboard -x -a '(__pb_boards)' -d 'pasteboard to use'
complete -c pbcopy -o help -d 'show help'
complete -c pbpaste -f
complete -c pbpaste -o pboard -x -a '(__pb_boards)' -d 'pasteboard to use'
complete -c pbpaste -o Prefer -x -a 'txt rtf ps' -d 'type to look for first'
complete -c pbpaste -o help -d 'show help'
