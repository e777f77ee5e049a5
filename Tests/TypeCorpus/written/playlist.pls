[playlist]
File1=music/apt-song.ogg
Title1=Debian Choir - Apt Song
Length1=212
File2=http://radio.example.org:8000/stream
Title2=Example radio
Length2=-1
NumberOfEntries=2
Version=2
