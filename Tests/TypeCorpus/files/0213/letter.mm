.\" Set point size to 14.
.S 14
.\" Set paragraph type to "indented".
.nr Pt 1
								1 November 2017
.\" Set line spacing to double-spaced.
.SP 2
.\" Start display.
.DS
Mr. Ty Coon
President of Vice, Intellectual Property and Licensing
Very Big Corporation of America
Silly Valley, CA 94043
.\" End display.
.DE
Dear Mr. Coon,
.\" Start new paragraph.
.P
I would like to request that your wholly-owned subsidiary, Yoyodyne, Inc.,
disclaim all copyright interest in the program `Gnomovision' (which makes passes
at compilers) written by Juliet Hacker prior to her employment with Yoyodyne.
.P
Our colleagues at the Software Freedom Conservancy have determined and informed
us that Ms. Hacker's employment agreement is a contract of adhesion.
.P
Thank you for your prompt attention to this matter.
.\" Set line spacing to single-spaced.
.SP
								Sincerely yours,
.\" Leave room for signature.
.SP 2
								Tracy T. Jordan
.\" vim: set noexpandtab textwidth=80:
