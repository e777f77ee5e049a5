<%
    Option Explicit
    Response.Expires = 0
%>
<!--
 * This file is part of the LibreOffice project.
 *
 * This Source Code Form is subject to the terms of the Mozilla Public
 * License, v. 2.0. If a copy of the MPL was not distributed with this
 * file, You can obtain one at http://mozilla.org/MPL/2.0/.
 *
 * This file incorporates work covered by the following license notice:
 *
 *   Licensed to the Apache Software Foundation (ASF) under one or more
 *   contributor license agreements. See the NOTICE file distributed
 *   with this work for additional information regarding copyright
 *   ownership. The ASF licenses this file to you under the Apache
 *   License, Version 2.0 (the "License"); you may not use this file
 *   except in compliance with the License. You may obtain a copy of
 *   the License at http://www.apache.org/licenses/LICENSE-2.0 .
-->

<!-- #include file = "common.inc" -->

<HTML>

<HEAD>
    <META http-equiv="refresh" CONTENT="<% = cnRefreshTime %>">
</HEAD>

<%
    ' get current picture id
    Dim nGIFID

    nGifID = File_getDataVirtual( csFileCurrent, ".", ";" )( 0 )

    ' a new picture was chosen ?
    if nGIFID <> Session( "GIFID" ) then
        ' then store the id of the new picture and show it
        Session( "GIFID" ) = nGIFID
    %>
        <BODY bgcolor="red" onLoad="parent.frame1.location.href='./show.asp?<%= nGIFID %>'">
    <%
    else
    %>
        <BODY bgcolor="green">
    <%
    end if
%>

</BODY>

</HTML>